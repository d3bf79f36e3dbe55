export { ChangePasswordDialog } from './ChangePasswordDialog'
export { LoginPage } from './LoginPage'
export { RequireSession } from './RequireSession'
export { followSession, signOut, useSession } from './session-store'

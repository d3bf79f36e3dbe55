export { LoginPage } from './LoginPage'
export { RequireSession } from './RequireSession'
export { signOut, useSession } from './session-store'

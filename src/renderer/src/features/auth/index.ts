export { LoginPage } from './LoginPage'
export { RequireSession } from './RequireSession'
export { useSession } from './session-store'

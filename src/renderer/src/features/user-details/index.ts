export { UserDetailsPage } from './UserDetailsPage'

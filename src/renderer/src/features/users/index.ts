export { UsersPage } from './UsersPage'

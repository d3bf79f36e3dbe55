export { AccessPage } from './AccessPage'

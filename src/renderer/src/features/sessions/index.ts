export { SessionsCard } from './SessionsCard'

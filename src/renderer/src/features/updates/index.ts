export { UpdateOffer } from './UpdateOffer'

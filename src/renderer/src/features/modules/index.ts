export { NotAvailablePage } from './NotAvailablePage'

export { AuditPage } from './AuditPage'
export { userHistoryPath } from './audit-url'

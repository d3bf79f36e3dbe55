export { ResetPasswordPage } from './ResetPasswordPage'

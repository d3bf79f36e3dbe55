export { SetTemporaryPasswordDialog } from './SetTemporaryPasswordDialog'
export { SET_TEMPORARY_PASSWORD } from './temporary-password-text'

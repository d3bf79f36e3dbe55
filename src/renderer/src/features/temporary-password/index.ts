export { SetTemporaryPasswordDialog } from './SetTemporaryPasswordDialog'

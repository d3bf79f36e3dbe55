import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/TextField'
import { useChangePasswordForm } from './useChangePasswordForm'
import { NewPasswordFields } from '../../components/NewPasswordFields'

const FORM_ID = 'change-password-form'

/** The avatar menu's Change Password: current, new and confirmed; other sessions end. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const form = useChangePasswordForm(onClose)
  return (
    <Dialog
      title="Change Password"
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="primary" disabled={form.busy}>
            {form.busy ? 'Changing...' : 'Change Password'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={form.submit} noValidate className="change-password-form">
        <p>Changing it signs out your other sessions; this one stays signed in.</p>
        <TextField
          id="current-password"
          label="Current Password"
          type="password"
          value={form.values.currentPassword}
          onChange={(value) => form.change('currentPassword', value)}
          error={form.errors.currentPassword}
          autoComplete="current-password"
          inputProps={{ 'data-autofocus': true }}
        />
        <NewPasswordFields values={form.values} errors={form.errors} change={form.change} />
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
      </form>
    </Dialog>
  )
}

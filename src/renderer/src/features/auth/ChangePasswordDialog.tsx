import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/TextField'
import { useChangePasswordForm } from './useChangePasswordForm'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { useText } from '../../lib/text'

const FORM_ID = 'change-password-form'

/** The avatar menu's Change Password: current, new and confirmed; other sessions end. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const form = useChangePasswordForm(onClose)
  const t = useText()
  return (
    <Dialog
      title={t('passwords.changeTitle')}
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
            {t('components.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="primary" disabled={form.busy}>
            {t(form.busy ? 'passwords.changing' : 'passwords.change')}
          </button>
        </>
      }
    >
      <form
        id={FORM_ID}
        onSubmit={(event) => void form.submit(event)}
        noValidate
        className="change-password-form"
      >
        <p>{t('passwords.changeNote')}</p>
        <TextField
          id="current-password"
          label={t('passwords.currentPassword')}
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

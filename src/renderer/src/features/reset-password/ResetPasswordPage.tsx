import { useNavigate, useSearchParams } from 'react-router'
import { TextField } from '../../components/TextField'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { useText } from '../../lib/text'
import { useResetPasswordForm } from './useResetPasswordForm'

/**
 * /reset-password: reached from the e-mailed link, or with the link or token pasted; the token
 * in use stays in view and editable.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const form = useResetPasswordForm(params.get('token') ?? '')
  const t = useText()

  return (
    <main className="login">
      <form
        className="login-card"
        onSubmit={(event) => void form.submit(event)}
        noValidate
        aria-labelledby="reset-title"
      >
        <h1 id="reset-title">{t('passwords.resetTitle')}</h1>
        {!form.token && (
          <p className="form-error" role="alert">
            {t('passwords.missingResetToken')}
          </p>
        )}
        <TextField
          id="reset-token"
          label={t('passwords.resetToken')}
          value={form.tokenText}
          onChange={form.changeToken}
          autoComplete="off"
        />
        <NewPasswordFields values={form.values} errors={form.errors} change={form.change} />
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
        {form.succeeded && (
          <p className="success" role="status">
            {t('passwords.resetSuccess')}
          </p>
        )}
        <button type="submit" disabled={form.busy || !form.token}>
          {t(form.busy ? 'passwords.changing' : 'passwords.change')}
        </button>
        <button type="button" className="secondary" onClick={() => void navigate('/login')}>
          {t('passwords.backToLogin')}
        </button>
      </form>
    </main>
  )
}

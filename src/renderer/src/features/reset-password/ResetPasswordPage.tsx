import { useNavigate, useSearchParams } from 'react-router'
import { TextField } from '../../components/TextField'
import { MISSING_RESET_TOKEN } from '@shared/validation'
import { RESET_SUCCESS, useResetPasswordForm } from './useResetPasswordForm'
import { NewPasswordFields } from '../../components/NewPasswordFields'

/**
 * /reset-password: reached from the e-mailed link, or with the link or token pasted; the token
 * in use stays in view and editable.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const form = useResetPasswordForm(params.get('token') ?? '')

  return (
    <main className="login">
      <form
        className="login-card"
        onSubmit={(event) => void form.submit(event)}
        noValidate
        aria-labelledby="reset-title"
      >
        <h1 id="reset-title">Reset Password</h1>
        {!form.token && (
          <p className="form-error" role="alert">
            {MISSING_RESET_TOKEN}
          </p>
        )}
        <TextField
          id="reset-token"
          label="Reset link or token"
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
            {RESET_SUCCESS}
          </p>
        )}
        <button type="submit" disabled={form.busy || !form.token}>
          {form.busy ? 'Changing...' : 'Change Password'}
        </button>
        <button type="button" className="secondary" onClick={() => void navigate('/login')}>
          Back to Login
        </button>
      </form>
    </main>
  )
}

import { useChoosePasswordForm } from './useChoosePasswordForm'
import { NewPasswordFields } from '../../components/NewPasswordFields'

export const CHOOSE_PASSWORD_TITLE = 'Choose a New Password'

/** In place of the Login form after a sign-in with a temporary password: nothing else first. */
export function ChoosePasswordForm({
  username,
  onSignedIn,
  onBack,
}: {
  username: string
  onSignedIn: () => void
  onBack: () => void
}) {
  const form = useChoosePasswordForm(onSignedIn)
  return (
    <form
      className="login-card"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-labelledby="choose-password-title"
    >
      <h1 id="choose-password-title">{CHOOSE_PASSWORD_TITLE}</h1>
      <p>
        You signed in as <strong>{username}</strong> with a temporary password. Choose a new
        password to continue.
      </p>
      <NewPasswordFields values={form.values} errors={form.errors} change={form.change} autoFocus />
      {form.serverError && (
        <p className="form-error" role="alert">
          {form.serverError}
        </p>
      )}
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Changing...' : 'Change Password'}
      </button>
      <button type="button" className="secondary" onClick={onBack}>
        Back to Login
      </button>
    </form>
  )
}

import { useChoosePasswordForm } from './useChoosePasswordForm'
import { FormattedMessage } from 'react-intl'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { useText } from '../../lib/text'

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
  const t = useText()
  return (
    <form
      className="login-card"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-labelledby="choose-password-title"
    >
      <h1 id="choose-password-title">{t('passwords.chooseTitle')}</h1>
      <p>
        <FormattedMessage
          id="passwords.chooseIntro"
          values={{
            username,
            strong: (chunks) => (
              <strong>
                <bdi>{chunks}</bdi>
              </strong>
            ),
          }}
        />
      </p>
      <NewPasswordFields values={form.values} errors={form.errors} change={form.change} autoFocus />
      {form.serverError && (
        <p className="form-error" role="alert">
          {form.serverError}
        </p>
      )}
      <button type="submit" disabled={form.busy}>
        {t(form.busy ? 'passwords.changing' : 'passwords.change')}
      </button>
      <button type="button" className="secondary" onClick={onBack}>
        {t('passwords.backToLogin')}
      </button>
    </form>
  )
}

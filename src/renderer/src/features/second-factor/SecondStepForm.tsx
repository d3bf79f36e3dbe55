import type { SessionInfo } from '@shared/bridge'
import { TextField } from '../../components/TextField'
import { useText } from '../../lib/text'
import { useSecondStepForm } from './useSecondStepForm'

/** In place of the Login form when the password was right and a second factor is on. */
export function SecondStepForm({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (session: SessionInfo) => void
  onBack: () => void
}) {
  const form = useSecondStepForm(onSignedIn)
  const t = useText()
  return (
    <form
      className="login-card"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-labelledby="second-step-title"
    >
      <h1 id="second-step-title">{t('shell.twoStep')}</h1>
      {form.recovery ? (
        <TextField
          id="recovery-code"
          label={t('secondFactor.recoveryCode')}
          value={form.values.recoveryCode}
          onChange={(value) => form.change('recoveryCode', value)}
          error={form.errors.recoveryCode}
          autoComplete="off"
          inputProps={{ autoFocus: true }}
        />
      ) : (
        <TextField
          id="second-step-code"
          label={t('secondFactor.secondStepPrompt')}
          value={form.values.code}
          onChange={(value) => form.change('code', value)}
          error={form.errors.code}
          autoComplete="one-time-code"
          inputProps={{ autoFocus: true, inputMode: 'numeric' }}
        />
      )}
      {form.serverError && (
        <p className="form-error" role="alert">
          {form.serverError}
        </p>
      )}
      <button type="submit" disabled={form.busy}>
        {form.busy ? t('secondFactor.signingIn') : t('secondFactor.verify')}
      </button>
      <button type="button" className="link" onClick={form.toggleRecovery}>
        {form.recovery ? t('secondFactor.useAppCode') : t('secondFactor.useRecoveryCode')}
      </button>
      <button type="button" className="secondary" onClick={onBack}>
        {t('secondFactor.backToLogin')}
      </button>
    </form>
  )
}

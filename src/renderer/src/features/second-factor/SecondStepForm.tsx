import type { SessionInfo } from '@shared/bridge'
import { SECOND_STEP_PROMPT, TWO_STEP_SIGN_IN, USE_RECOVERY_CODE } from '@shared/messages'
import { TextField } from '../../components/TextField'
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
  return (
    <form
      className="login-card"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-labelledby="second-step-title"
    >
      <h1 id="second-step-title">{TWO_STEP_SIGN_IN}</h1>
      {form.recovery ? (
        <TextField
          id="recovery-code"
          label="Recovery code"
          value={form.values.recoveryCode}
          onChange={(value) => form.change('recoveryCode', value)}
          error={form.errors.recoveryCode}
          autoComplete="off"
          inputProps={{ autoFocus: true }}
        />
      ) : (
        <TextField
          id="second-step-code"
          label={SECOND_STEP_PROMPT}
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
        {form.busy ? 'Signing in...' : 'Verify'}
      </button>
      <button type="button" className="link" onClick={form.toggleRecovery}>
        {form.recovery ? 'Use a code from the app' : USE_RECOVERY_CODE}
      </button>
      <button type="button" className="secondary" onClick={onBack}>
        Back to Login
      </button>
    </form>
  )
}

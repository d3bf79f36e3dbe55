import type { EnrolmentView } from '@shared/bridge'
import type { Result } from '@shared/result'
import { inGroupsOfFour } from '@shared/secret-groups'
import { CopyButton } from '../../components/CopyButton'
import { TextField } from '../../components/TextField'
import './second-factor.css'
import { useCodeForm } from './useCodeForm'

/**
 * Turning on two-step sign-in: the QR code of the new factor and its key as text, for an
 * authenticator app, then a first code of it to confirm.
 */
export function EnrolmentForm<T>({
  view,
  formId,
  confirm,
  onConfirmed,
}: {
  view: EnrolmentView
  formId: string
  confirm: (code: string) => Promise<Result<T>>
  onConfirmed: (data: T) => void
}) {
  const form = useCodeForm(confirm, onConfirmed)
  return (
    <form
      id={formId}
      className="enrolment-form"
      onSubmit={(event) => void form.submit(event)}
      noValidate
    >
      <p>Scan this QR code with your authenticator app, then enter the code it shows.</p>
      <img className="qr-code" src={view.qrCode} alt="QR code for your authenticator app" />
      <p className="totp-key">
        Or type this key into the app:{' '}
        <code className="totp-secret">{inGroupsOfFour(view.secret)}</code>
        <CopyButton
          text={view.secret}
          label="Copy key"
          failure="Could not copy: select the key and copy it."
        />
      </p>
      <TextField
        id="enrolment-code"
        label="Code"
        value={form.values.code}
        onChange={(value) => form.change('code', value)}
        error={form.errors.code}
        autoComplete="one-time-code"
        inputProps={{ inputMode: 'numeric', 'data-autofocus': true }}
      />
      {form.serverError && (
        <p className="form-error" role="alert">
          {form.serverError}
        </p>
      )}
      <button type="submit" className="primary" disabled={form.busy}>
        {form.busy ? 'Checking...' : 'Turn On'}
      </button>
    </form>
  )
}

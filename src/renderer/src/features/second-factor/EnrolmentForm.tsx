import type { EnrolmentView } from '@shared/bridge'
import type { Result } from '@shared/result'
import { inGroupsOfFour } from '@shared/secret-groups'
import { CopyButton } from '../../components/CopyButton'
import { TextField } from '../../components/TextField'
import { useText } from '../../lib/text'
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
  const t = useText()
  return (
    <form
      id={formId}
      className="enrolment-form"
      onSubmit={(event) => void form.submit(event)}
      noValidate
    >
      <p>{t('secondFactor.scanPrompt')}</p>
      <img className="qr-code" src={view.qrCode} alt={t('secondFactor.qrCode')} />
      <p className="totp-key">
        {t('secondFactor.typeKey')}
        <code className="totp-secret">{inGroupsOfFour(view.secret)}</code>
        <CopyButton
          text={view.secret}
          label={t('secondFactor.copyKey')}
          failure={t('secondFactor.copyKeyFailed')}
        />
      </p>
      <TextField
        id="enrolment-code"
        label={t('secondFactor.code')}
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
        {form.busy ? t('secondFactor.checking') : t('secondFactor.turnOn')}
      </button>
    </form>
  )
}

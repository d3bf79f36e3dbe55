import { useEffect } from 'react'
import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/TextField'
import { useText } from '../../lib/text'
import { settleIdentity, useIdentityAsked } from '../../lib/confirm-identity'
import { useSession } from './session-store'
import { useConfirmIdentityForm } from './useConfirmIdentityForm'
import { useSecondFactorAsked } from './useSecondFactorAsked'

const FORM_ID = 'confirm-identity-form'

/** "Confirm it's you", shown while a dangerous change waits for a re-authentication. */
export function ConfirmIdentity() {
  const asked = useIdentityAsked()
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const askCode = useSecondFactorAsked(asked && signedIn)
  // A session that ends meanwhile (expired, signed out) cancels the change waiting.
  useEffect(() => {
    if (asked && !signedIn) settleIdentity(false)
  }, [asked, signedIn])
  if (!asked || !signedIn || askCode === undefined) return null
  return <ConfirmIdentityDialog askCode={askCode} />
}

function ConfirmIdentityDialog({ askCode }: { askCode: boolean }) {
  const form = useConfirmIdentityForm(askCode)
  const t = useText()
  return (
    <Dialog
      title={t('passwords.confirmIdentityTitle')}
      onClose={form.cancel}
      describedBy="confirm-identity-why"
      footer={
        <>
          <button type="button" className="secondary" disabled={form.busy} onClick={form.cancel}>
            {t('components.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="primary" disabled={form.busy}>
            {t(form.busy ? 'passwords.confirming' : 'passwords.confirm')}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void form.submit(event)} noValidate>
        <p id="confirm-identity-why">
          {t(askCode ? 'passwords.confirmIdentityWithCode' : 'passwords.confirmIdentityWhy')}
        </p>
        <TextField
          id="confirm-identity-password"
          label={t('passwords.password')}
          type="password"
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          error={form.errors.password}
          autoComplete="current-password"
          inputProps={{ 'data-autofocus': true }}
        />
        {askCode && (
          <TextField
            id="confirm-identity-code"
            label={t('passwords.code')}
            value={form.values.code}
            onChange={(value) => form.change('code', value)}
            error={form.errors.code}
            autoComplete="one-time-code"
          />
        )}
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
      </form>
    </Dialog>
  )
}

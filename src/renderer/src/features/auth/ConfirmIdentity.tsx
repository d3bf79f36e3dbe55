import { useEffect } from 'react'
import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/TextField'
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
  return (
    <Dialog
      title="Confirm it's you"
      onClose={form.cancel}
      describedBy="confirm-identity-why"
      footer={
        <>
          <button type="button" className="secondary" disabled={form.busy} onClick={form.cancel}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="primary" disabled={form.busy}>
            {form.busy ? 'Confirming...' : 'Confirm'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void form.submit(event)} noValidate>
        <p id="confirm-identity-why">
          {askCode
            ? 'This change needs your password and a code from your authenticator app again. Nothing changes until you confirm.'
            : 'This change needs your password again. Nothing changes until you confirm.'}
        </p>
        <TextField
          id="confirm-identity-password"
          label="Password"
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
            label="Code from your authenticator app, or a recovery code"
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

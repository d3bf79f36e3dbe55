import { TWO_STEP_SIGN_IN } from '@shared/messages'
import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/TextField'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { EnrolmentForm } from './EnrolmentForm'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'
import { useCodeForm } from './useCodeForm'
import { useTwoStepStatus } from './useTwoStepStatus'

const ENROLMENT_FORM_ID = 'two-step-enrolment-form'
const TURN_OFF_FORM_ID = 'two-step-turn-off-form'

/** The avatar menu's Two-Step Sign-In: turn it on (QR code, first code, recovery codes) or off. */
export function TwoStepDialog({ onClose }: { onClose: () => void }) {
  const twoStep = useTwoStepStatus()
  const turnOff = useCodeForm(
    (code) => admin().secondFactor.disable({ code }),
    () => {
      notify('Two-step sign-in turned off')
      void twoStep.reload()
    },
  )
  const { status, view, recoveryCodes } = twoStep

  return (
    <Dialog
      title={TWO_STEP_SIGN_IN}
      onClose={onClose}
      className="two-step-dialog"
      footer={
        <button type="button" className="primary" onClick={onClose}>
          {recoveryCodes ? 'Done' : 'Close'}
        </button>
      }
    >
      {recoveryCodes ? (
        <>
          <p>Two-step sign-in is on.</p>
          <RecoveryCodesPanel recoveryCodes={recoveryCodes} />
        </>
      ) : view ? (
        <EnrolmentForm
          view={view}
          formId={ENROLMENT_FORM_ID}
          confirm={(code) => admin().secondFactor.confirm({ code })}
          onConfirmed={twoStep.enrolled}
        />
      ) : status?.enrolled ? (
        <>
          <p>Two-step sign-in is on. Recovery codes left: {status.recoveryCodesLeft}.</p>
          <p>
            <button type="button" className="secondary" onClick={() => void twoStep.regenerate()}>
              New Recovery Codes
            </button>{' '}
            <span className="muted">Ten new codes; the ones you have stop working.</span>
          </p>
          {status.required ? (
            <p>Your organisation requires it for administrators: it cannot be turned off.</p>
          ) : (
            <form id={TURN_OFF_FORM_ID} onSubmit={(event) => void turnOff.submit(event)} noValidate>
              <TextField
                id="turn-off-code"
                label="Code from your authenticator app"
                value={turnOff.values.code}
                onChange={(value) => turnOff.change('code', value)}
                error={turnOff.errors.code}
                autoComplete="one-time-code"
                inputProps={{ inputMode: 'numeric' }}
              />
              {turnOff.serverError && (
                <p className="form-error" role="alert">
                  {turnOff.serverError}
                </p>
              )}
              <button type="submit" className="danger" disabled={turnOff.busy}>
                Turn Off
              </button>
            </form>
          )}
        </>
      ) : status ? (
        <>
          <p>
            Two-step sign-in is off. With it on, signing in asks for a code from an authenticator
            app on your phone as well as your password.
          </p>
          <button
            type="button"
            className="primary"
            data-autofocus
            onClick={() => void twoStep.begin()}
          >
            Set Up
          </button>
        </>
      ) : null}
      {twoStep.error && (
        <p className="form-error" role="alert">
          {twoStep.error}
        </p>
      )}
    </Dialog>
  )
}

import { FormattedMessage } from 'react-intl'
import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/TextField'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { useText } from '../../lib/text'
import { EnrolmentForm } from './EnrolmentForm'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'
import { useCodeForm } from './useCodeForm'
import { useTwoStepStatus } from './useTwoStepStatus'

const ENROLMENT_FORM_ID = 'two-step-enrolment-form'
const TURN_OFF_FORM_ID = 'two-step-turn-off-form'

/** The avatar menu's Two-Step Sign-In: turn it on (QR code, first code, recovery codes) or off. */
export function TwoStepDialog({ onClose }: { onClose: () => void }) {
  const twoStep = useTwoStepStatus()
  const t = useText()
  const turnOff = useCodeForm(
    (code) => admin().secondFactor.disable({ code }),
    () => {
      notify(t('secondFactor.turnedOff'))
      void twoStep.reload()
    },
  )
  const { status, view, recoveryCodes } = twoStep

  return (
    <Dialog
      title={t('shell.twoStep')}
      onClose={onClose}
      className="two-step-dialog"
      footer={
        <button type="button" className="primary" onClick={onClose}>
          {recoveryCodes ? t('secondFactor.done') : t('secondFactor.close')}
        </button>
      }
    >
      {recoveryCodes ? (
        <>
          <p>{t('secondFactor.isOn')}</p>
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
          <p>{t('secondFactor.isOnCodesLeft', { count: status.recoveryCodesLeft })}</p>
          <p>
            <FormattedMessage
              id="secondFactor.newRecoveryCodesOffer"
              values={{
                button: (text) => (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => void twoStep.regenerate()}
                  >
                    {text}
                  </button>
                ),
                note: (text) => <span className="muted">{text}</span>,
              }}
            />
          </p>
          {status.required ? (
            <p>{t('secondFactor.cannotTurnOff')}</p>
          ) : (
            <form id={TURN_OFF_FORM_ID} onSubmit={(event) => void turnOff.submit(event)} noValidate>
              <TextField
                id="turn-off-code"
                label={t('secondFactor.appCode')}
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
                {t('secondFactor.turnOff')}
              </button>
            </form>
          )}
        </>
      ) : status ? (
        <>
          <p>{t('secondFactor.isOff')}</p>
          <button
            type="button"
            className="primary"
            data-autofocus
            onClick={() => void twoStep.begin()}
          >
            {t('secondFactor.setUp')}
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

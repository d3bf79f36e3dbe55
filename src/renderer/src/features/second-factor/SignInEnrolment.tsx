import { useEffect, useState } from 'react'
import type { EnrolledSignIn, EnrolmentView, SessionInfo } from '@shared/bridge'
import { admin } from '../../lib/bridge'
import { useText } from '../../lib/text'
import { EnrolmentForm } from './EnrolmentForm'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'

/**
 * In place of the Login form when the server requires a second factor the user has not set up:
 * the enrolment, then the recovery codes, then the console.
 */
export function SignInEnrolment({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (session: SessionInfo) => void
  onBack: () => void
}) {
  const [view, setView] = useState<EnrolmentView>()
  const [error, setError] = useState<string>()
  const [enrolled, setEnrolled] = useState<EnrolledSignIn>()
  const t = useText()

  useEffect(() => {
    void admin()
      .auth.beginEnrolment()
      .then((result) => (result.ok ? setView(result.data) : setError(result.error.message)))
  }, [])

  return (
    <div className="login-card" role="region" aria-labelledby="sign-in-enrolment-title">
      <h1 id="sign-in-enrolment-title">{t('shell.twoStep')}</h1>
      {enrolled ? (
        <>
          <RecoveryCodesPanel recoveryCodes={enrolled.recoveryCodes} />
          <button type="button" onClick={() => onSignedIn(enrolled.session)}>
            {t('secondFactor.continue')}
          </button>
        </>
      ) : (
        <>
          <p>{t('secondFactor.required')}</p>
          {view && (
            <EnrolmentForm
              view={view}
              formId="sign-in-enrolment-form"
              confirm={(code) => admin().auth.confirmEnrolment({ code })}
              onConfirmed={setEnrolled}
            />
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="secondary" onClick={onBack}>
            {t('secondFactor.backToLogin')}
          </button>
        </>
      )}
    </div>
  )
}

import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { SessionInfo } from '@shared/bridge'
import { TextField } from '../../components/TextField'
import { SecondStepForm, SignInEnrolment } from '../second-factor'
import { PRODUCT_NAME } from '../../lib/product'
import { FormattedMessage } from 'react-intl'
import { useAppInfo } from '../../lib/useAppInfo'
import { useText } from '../../lib/text'
import { ChoosePasswordForm } from './ChoosePasswordForm'
import { adoptSession, useSession } from './session-store'
import { useDubaiClock } from './useDubaiClock'
import { useLoginForm } from './useLoginForm'

export function LoginPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const session = useSession()
  const clock = useDubaiClock()
  const info = useAppInfo()
  const t = useText()
  const returnTo = (location.state as { from?: string } | null)?.from ?? '/'
  const signedIn = () => void navigate(returnTo, { replace: true })
  /** Who signed in with a temporary password and must choose a new one before anything else. */
  const [choosing, setChoosing] = useState<string>()
  /** The password was right: a second step follows, a code or the enrolment of a factor. */
  const [secondStep, setSecondStep] = useState<'code' | 'enrolment'>()
  const form = useLoginForm(signedIn, setChoosing, setSecondStep)
  const signedInWith = (session: SessionInfo) => {
    adoptSession(session, t)
    signedIn()
  }
  const back = () => setSecondStep(undefined)

  const notice = session.status === 'signed-out' ? session.notice : undefined

  if (choosing) {
    return (
      <main className="login">
        <ChoosePasswordForm
          username={choosing}
          onSignedIn={signedIn}
          onBack={() => setChoosing(undefined)}
        />
      </main>
    )
  }

  if (secondStep) {
    return (
      <main className="login">
        {secondStep === 'code' ? (
          <SecondStepForm onSignedIn={signedInWith} onBack={back} />
        ) : (
          <SignInEnrolment onSignedIn={signedInWith} onBack={back} />
        )}
      </main>
    )
  }

  return (
    <main className="login">
      <form
        className="login-card"
        onSubmit={(event) => void form.submit(event)}
        noValidate
        aria-labelledby="login-title"
      >
        <h1 id="login-title">{t('login.title', { product: PRODUCT_NAME })}</h1>
        <p className="clock" aria-live="off">
          <span>{t('login.dubaiTime')}</span> <time>{clock}</time>
        </p>
        {notice && (
          <p className="banner" role="status">
            {notice}
          </p>
        )}
        <TextField
          id="username"
          label={t('login.username')}
          value={form.values.username}
          onChange={(value) => form.change('username', value)}
          error={form.errors.username}
          autoComplete="username"
          inputProps={{ autoFocus: true }}
        />
        <TextField
          id="password"
          label={t('login.password')}
          type="password"
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          error={form.errors.password}
          autoComplete="current-password"
        />
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
        <button type="submit" disabled={form.busy}>
          {t(form.busy ? 'login.signingIn' : 'login.submit')}
        </button>
        {info && (
          <p className="server">
            <FormattedMessage
              id="login.server"
              values={{ url: info.serverUrl, address: (url) => <span>{url}</span> }}
            />
            {info.serverManaged && <span className="managed">{t('login.managed')}</span>}
            {!info.keychain && t('login.noKeychain')}
          </p>
        )}
      </form>
    </main>
  )
}

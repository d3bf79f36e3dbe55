import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { AppInfo } from '../../../../shared/bridge'
import { admin } from '../../lib/bridge'
import { useSession } from './session-store'
import { useDubaiClock } from './useDubaiClock'
import { useLoginForm } from './useLoginForm'

export const PRODUCT_NAME = 'Admin Console'

export function LoginPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const session = useSession()
  const clock = useDubaiClock()
  const [info, setInfo] = useState<AppInfo>()
  const [showPassword, setShowPassword] = useState(false)
  const returnTo = (location.state as { from?: string } | null)?.from ?? '/'
  const form = useLoginForm(() => navigate(returnTo, { replace: true }))

  useEffect(() => {
    void admin()
      .app.info()
      .then((result) => result.ok && setInfo(result.data))
  }, [])

  const notice = session.status === 'signed-out' ? session.notice : undefined

  return (
    <main className="login">
      <form className="login-card" onSubmit={form.submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">{PRODUCT_NAME} Login</h1>
        <p className="clock" aria-live="off">
          <span>Dubai Time</span> <time>{clock}</time>
        </p>
        {notice && (
          <p className="banner" role="status">
            {notice}
          </p>
        )}
        <label htmlFor="username">Username or Email</label>
        <input
          id="username"
          autoComplete="username"
          autoFocus
          value={form.values.username}
          aria-invalid={Boolean(form.errors.username)}
          aria-describedby={form.errors.username ? 'username-error' : undefined}
          onChange={(event) => form.change('username', event.target.value)}
        />
        {form.errors.username && (
          <p id="username-error" className="field-error">
            {form.errors.username}
          </p>
        )}
        <label htmlFor="password">Password</label>
        <div className="password">
          <input
            id="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={form.values.password}
            aria-invalid={Boolean(form.errors.password)}
            aria-describedby={form.errors.password ? 'password-error' : undefined}
            onChange={(event) => form.change('password', event.target.value)}
          />
          <button
            type="button"
            aria-pressed={showPassword}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? 'Hide' : 'Show'}
          </button>
        </div>
        {form.errors.password && (
          <p id="password-error" className="field-error">
            {form.errors.password}
          </p>
        )}
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Signing in...' : 'Login'}
        </button>
        {info && (
          <p className="server">
            Server: <span>{info.serverUrl}</span>
            {!info.keychain && ' — no keychain found: your session will not be remembered.'}
          </p>
        )}
      </form>
    </main>
  )
}

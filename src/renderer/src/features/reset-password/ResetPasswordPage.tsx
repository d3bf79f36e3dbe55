import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { MISSING_TOKEN, RESET_SUCCESS, useResetPasswordForm } from './useResetPasswordForm'

/** /reset-password: reached from the e-mailed link, or with the token pasted. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const form = useResetPasswordForm(params.get('token') ?? '')
  const [showPassword, setShowPassword] = useState(false)
  const type = showPassword ? 'text' : 'password'

  return (
    <main className="login">
      <form className="login-card" onSubmit={form.submit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Reset Password</h1>
        {!form.token && (
          <>
            <p className="form-error" role="alert">
              {MISSING_TOKEN}
            </p>
            <label htmlFor="reset-token">Reset link or token</label>
            <input
              id="reset-token"
              value={form.pasted}
              autoComplete="off"
              onChange={(event) => form.setPasted(event.target.value)}
            />
          </>
        )}
        <label htmlFor="new-password">New Password</label>
        <div className="password">
          <input
            id="new-password"
            type={type}
            autoComplete="new-password"
            value={form.values.newPassword}
            aria-invalid={Boolean(form.errors.newPassword)}
            aria-describedby={form.errors.newPassword ? 'new-password-error' : undefined}
            onChange={(event) => form.change('newPassword', event.target.value)}
          />
          <button
            type="button"
            aria-pressed={showPassword}
            aria-label={showPassword ? 'Hide passwords' : 'Show passwords'}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? 'Hide' : 'Show'}
          </button>
        </div>
        {form.errors.newPassword && (
          <p id="new-password-error" className="field-error">
            {form.errors.newPassword}
          </p>
        )}
        <label htmlFor="confirm-password">Confirm Password</label>
        <input
          id="confirm-password"
          type={type}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          aria-invalid={Boolean(form.errors.confirmPassword)}
          aria-describedby={form.errors.confirmPassword ? 'confirm-password-error' : undefined}
          onChange={(event) => form.change('confirmPassword', event.target.value)}
        />
        {form.errors.confirmPassword && (
          <p id="confirm-password-error" className="field-error">
            {form.errors.confirmPassword}
          </p>
        )}
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
        {form.succeeded && (
          <p className="success" role="status">
            {RESET_SUCCESS}
          </p>
        )}
        <button type="submit" disabled={form.busy || !form.token}>
          {form.busy ? 'Changing...' : 'Change Password'}
        </button>
        <button type="button" className="secondary" onClick={() => navigate('/login')}>
          Back to Login
        </button>
      </form>
    </main>
  )
}

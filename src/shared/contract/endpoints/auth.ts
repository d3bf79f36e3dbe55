import { z } from 'zod'
import {
  changePasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  reauthRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '../auth'
import { endpoint } from '../endpoint'
import {
  confirmEnrolmentRequestSchema,
  enrolledLoginResponseSchema,
  enrolmentSecretSchema,
  enrolmentTokenRequestSchema,
  mfaRequestSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorStatusSchema,
} from '../second-factor'

/** Signing in and out, sessions, passwords and one's own second factor. */
export const authEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/auth/login',
    summary:
      'Sign in with a username or email address and a password. A temporary password set by an administrator signs in once and makes no session: the answer is a 403 with code password_change_required and a passwordChangeToken for PUT /auth/change-password (valid 30 minutes); a second sign-in with it is a plain 403. A user with a second factor is answered 401 with code mfa_required and an mfaToken for POST /auth/mfa (valid 5 minutes); a user who must have one and has none (MFA_REQUIRED) is answered 401 with code mfa_enrolment_required and an enrolmentToken for POST /auth/mfa/enrolment',
    tag: 'auth',
    access: 'public',
    body: loginRequestSchema,
    output: loginResponseSchema,
    errors: [403, 429],
  }),
  refreshSession: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Exchange a refresh token for a new access token and a new refresh token',
    tag: 'auth',
    access: 'public',
    body: refreshRequestSchema,
    output: refreshResponseSchema,
    errors: [429],
  }),
  getCurrentUser: endpoint({
    method: 'GET',
    path: '/auth/me',
    summary:
      'The signed-in user, the active roles they hold and their permissions (sorted): what they may do',
    tag: 'auth',
    access: 'session',
    output: meResponseSchema,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session',
    tag: 'auth',
    access: 'session',
    status: 204,
  }),
  reauthenticate: endpoint({
    method: 'POST',
    path: '/auth/reauth',
    summary:
      'Prove it is still the signed-in user, with the password (and, when a second factor is enrolled, a current code of it or one of its recovery codes, spent): for 5 minutes the session may make dangerous changes, which otherwise answer 403 with code reauth_required. A wrong password is a 400, counted toward the temporary lockout as a failed sign-in',
    tag: 'auth',
    access: 'session',
    body: reauthRequestSchema,
    status: 204,
    errors: [429],
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/auth/change-password',
    summary:
      'Set a new password: with the single-use token of a reset email or of a sign-in with a temporary password (which must not be reused as the new one), ending every session; or, signed in (Bearer), with the current password, ending every other session of the caller',
    tag: 'auth',
    access: 'public',
    optionalBearer: true,
    body: changePasswordSchema,
    output: z.object({ message: z.string() }),
    errors: [429],
  }),
  signInSecondStep: endpoint({
    method: 'POST',
    path: '/auth/mfa',
    summary:
      'The second step of a sign-in: the mfaToken of POST /auth/login, from the address that signed in, and a current code of the authenticator app (accepted once) or one of the recovery codes (each used once). Answers as POST /auth/login does. A wrong code counts toward the temporary lockout and the slow-down of the password step (429 with Retry-After), and the mfaToken ends after 5 of them or at a try refused by a lockout; 10 wrong codes of an account in 15 minutes, from any address, pause its second step for everyone (429 with Retry-After), and its next sign-in answers failedSecondSteps',
    tag: 'auth',
    access: 'public',
    body: mfaRequestSchema,
    output: loginResponseSchema,
  }),
  beginSignInEnrolment: endpoint({
    method: 'POST',
    path: '/auth/mfa/enrolment',
    summary:
      'A sign-in answered mfa_enrolment_required: a new TOTP secret for the user and its otpauth:// URI (for a QR code), answered during the enrolment only; POST /auth/mfa/enrolment/confirm with a code of it finishes the sign-in',
    tag: 'auth',
    access: 'public',
    body: enrolmentTokenRequestSchema,
    output: enrolmentSecretSchema,
    errors: [409],
  }),
  confirmSignInEnrolment: endpoint({
    method: 'POST',
    path: '/auth/mfa/enrolment/confirm',
    summary:
      'The first code of the secret of POST /auth/mfa/enrolment: the factor is on, and the sign-in completes: the answer of POST /auth/login and the ten single-use recovery codes, answered this once',
    tag: 'auth',
    access: 'public',
    body: confirmEnrolmentRequestSchema,
    output: enrolledLoginResponseSchema,
  }),
  getOwnSecondFactor: endpoint({
    method: 'GET',
    path: '/auth/second-factor',
    summary:
      "The caller's own two-step sign-in: whether it is on, whether the server requires it of them, and how many recovery codes are left. Never its secret",
    tag: 'auth',
    access: 'session',
    output: secondFactorStatusSchema,
  }),
  beginOwnEnrolment: endpoint({
    method: 'POST',
    path: '/auth/second-factor',
    summary:
      'Starts turning on two-step sign-in for the caller: a new TOTP secret and its otpauth:// URI, answered during the enrolment only; POST /auth/second-factor/confirm with a code of it turns it on. Needs a sign-in or POST /auth/reauth in the last 5 minutes (403 reauth_required otherwise), as the factor it turns on makes the session one that may administer',
    tag: 'auth',
    access: 'session',
    reauth: 'always',
    output: enrolmentSecretSchema,
    errors: [409],
  }),
  confirmOwnEnrolment: endpoint({
    method: 'POST',
    path: '/auth/second-factor/confirm',
    summary:
      'The first code of the secret of POST /auth/second-factor: two-step sign-in is on, and the ten single-use recovery codes are answered, this once',
    tag: 'auth',
    access: 'session',
    body: secondFactorCodeSchema,
    output: recoveryCodesSchema,
  }),
  regenerateOwnRecoveryCodes: endpoint({
    method: 'POST',
    path: '/auth/second-factor/recovery-codes',
    summary:
      "Ten new recovery codes for the caller's own two-step sign-in, answered this once, in place of every old one, used or not. Needs a sign-in or POST /auth/reauth in the last 5 minutes (403 reauth_required otherwise), as the codes open the account; 409 when two-step sign-in is not on",
    tag: 'auth',
    access: 'session',
    reauth: 'always',
    output: recoveryCodesSchema,
    errors: [409],
  }),
  disableOwnSecondFactor: endpoint({
    method: 'POST',
    path: '/auth/second-factor/disable',
    summary:
      "Turns off the caller's own two-step sign-in, with a current code of it; refused when the server requires it of them (MFA_REQUIRED)",
    tag: 'auth',
    access: 'session',
    reauth: 'always',
    body: secondFactorCodeSchema,
    status: 204,
    errors: [409],
  }),
}

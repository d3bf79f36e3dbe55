/** The texts of the Reset PW action, exactly as SPEC.md section 2 words them. */
export const resetPasswordQuestion = (email: string) =>
  `Are you sure you want to reset the password for ${email}`

export const resetPasswordSent = (email: string) =>
  `An email has been sent to ${email || 'the user'} with link to change their password`

export const RESET_PASSWORD_FALLBACK = 'Failed to reset password'

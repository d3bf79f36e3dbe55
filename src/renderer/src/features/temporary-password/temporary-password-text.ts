export const SET_TEMPORARY_PASSWORD = 'Set Temporary Password'
export const TEMPORARY_PASSWORD_TITLE = 'Temporary Password'
export const TEMPORARY_PASSWORD_FAILURE = 'Failed to set a temporary password'

export const temporaryPasswordQuestion = (username: string) =>
  `Set a temporary password for "${username}"? Their current password stops working now.`

export const temporaryPasswordInstructions = (username: string) =>
  `Give this password to ${username} securely. It works once: they must choose a new password at next sign-in.`

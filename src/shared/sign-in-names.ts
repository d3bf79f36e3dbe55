/**
 * Sign-in takes a username or an email, so the two are one namespace (docs/SECURITY.md): the
 * server refuses a username that is another user's email, or an email that is another user's
 * username (migration 032), with these messages, by the field that clashes.
 */
export const SIGN_IN_NAME_CLASHES = {
  username: (username: string) => `Username "${username}" is already taken as another user's email`,
  email: (email: string) => `Email "${email}" is already taken as another user's sign-in name`,
} as const

export type SignInNameField = keyof typeof SIGN_IN_NAME_CLASHES

export const isSignInNameField = (field: unknown): field is SignInNameField =>
  typeof field === 'string' && Object.hasOwn(SIGN_IN_NAME_CLASHES, field)

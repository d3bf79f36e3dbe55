import { refusalMessage } from './contract/refusal-codes'

/**
 * Sign-in takes a username or an email, so the two are one namespace (docs/SECURITY.md): the
 * server refuses a username that is another user's email, or an email that is another user's
 * username (migration 032), with these messages, by the field that clashes.
 */
export const SIGN_IN_NAME_CLASHES = {
  username: (username: string) =>
    refusalMessage({ code: 'username_taken_as_email', params: { username } }),
  email: (email: string) => refusalMessage({ code: 'email_taken_as_username', params: { email } }),
} as const

export type SignInNameField = keyof typeof SIGN_IN_NAME_CLASHES

export const isSignInNameField = (field: unknown): field is SignInNameField =>
  typeof field === 'string' && Object.hasOwn(SIGN_IN_NAME_CLASHES, field)

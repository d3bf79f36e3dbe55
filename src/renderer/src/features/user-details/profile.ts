import type { User } from '@shared/contract'
import type { MessageId } from '@shared/i18n/catalogues'

/** The Profile Information fields, in the order of the card and of the update payload. */
export const PROFILE_FIELDS = ['username', 'email', 'firstName', 'lastName', 'phoneNumber'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]
export type Profile = Record<ProfileField, string>

export const PROFILE_LABELS: Record<ProfileField, MessageId> = {
  username: 'userDetails.username',
  email: 'userDetails.email',
  firstName: 'userDetails.firstName',
  lastName: 'userDetails.lastName',
  phoneNumber: 'userDetails.phoneNumber',
}

/** The id of a field's input, so that a failed check can put the focus on it. */
export const profileInputId = (field: ProfileField) => `profile-${field}`

/** The user's profile as the form edits it; a missing phone number is an empty field. */
export function profileOf(user: User): Profile {
  return {
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? '',
  }
}

export function sameProfile(a: User, b: User): boolean {
  const before = profileOf(a)
  const after = profileOf(b)
  return PROFILE_FIELDS.every((field) => before[field] === after[field])
}

import { PROFILE_FIELDS, type Profile, type ProfileField } from './profile'

/**
 * What the administrator changed and has not saved yet. Only the changes are held, so that
 * fields and checkboxes left alone always show what the server holds, and discarding is
 * forgetting. Roles or groups are absent until a checkbox is touched.
 */
export interface Draft {
  profile: Partial<Profile>
  roles?: number[]
  groups?: number[]
}

export const EMPTY_DRAFT: Draft = { profile: {} }

export function draftValues(original: Profile, draft: Draft): Profile {
  return { ...original, ...draft.profile }
}

/** The fields whose value differs from the loaded one (typing it back makes it unedited). */
export function editedFields(original: Profile, draft: Draft): ProfileField[] {
  return PROFILE_FIELDS.filter(
    (field) => draft.profile[field] !== undefined && draft.profile[field] !== original[field],
  )
}

export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a)
  return set.size === new Set(b).size && b.every((id) => set.has(id))
}

/** True when the chosen ids differ from those the user holds. */
export function choiceChanged(
  original: readonly number[] | undefined,
  chosen: readonly number[] | undefined,
): boolean {
  return original !== undefined && chosen !== undefined && !sameIds(original, chosen)
}

import type { Permission } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'
import { accessNameSchema } from '@shared/validation'
import { BridgeFailure } from '../../lib/query'
import type { AccessKind } from './access-kinds'

export interface AccessFormInput {
  name: string
  linkIds: number[]
  /** A role's permissions, sent only when the server names them (issue 29). */
  permissions?: Permission[]
}

export type AccessFormCheck = { ok: true; input: AccessFormInput } | { ok: false; error: string }

/** The dialog's values as the server wants them (trimmed name, ids in order), or why not. */
export function checkAccessForm(name: string, linkIds: Iterable<number>): AccessFormCheck {
  const parsed = accessNameSchema.safeParse(name)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message }
  return { ok: true, input: { name: parsed.data, linkIds: [...linkIds].sort((a, b) => a - b) } }
}

/** The notification once the dialog's role or group is saved, e.g. 'Role AUDITOR created'. */
export const accessSaved = (kind: AccessKind, name: string, created: boolean, t: Translate) =>
  t(created ? kind.created : kind.saved, { name })

/**
 * A name the server refused as taken (409) belongs under the Name field, as every field error
 * does; other failures stay in the dialog's banner.
 */
export function nameConflict(error: unknown): string | undefined {
  return error instanceof BridgeFailure && error.status === 409 ? error.message : undefined
}

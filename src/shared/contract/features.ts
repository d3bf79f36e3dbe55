import { z } from 'zod'

/**
 * What a server offers beyond the contract of SPEC.md section 7, as `/auth/me` names it: the
 * console offers each only against a server that names it, and works as the contract says
 * against any other.
 */
export const SERVER_FEATURES = [
  /** POST /api/admin/effects: who gains and who loses which permission, before a change. */
  'effect-preview',
  /**
   * Roles and groups given until a time (PUT …/role-grants/{roleId}, …/group-grants/{groupId}),
   * users' `accessEndsAt`, and the users list's `accessEnding` filter.
   */
  'grant-ends',
  /**
   * POST /api/admin/users/import takes an importId, and …/import/{importId}/finish ends the run:
   * a file applied in many requests is audited by one `user.import` entry (issue 56).
   */
  'import-runs',
] as const

export type ServerFeature = (typeof SERVER_FEATURES)[number]

/** The features a server names: those this console knows; a newer server's others are ignored. */
export const serverFeaturesSchema = z
  .array(z.string())
  .transform((names) => SERVER_FEATURES.filter((feature) => names.includes(feature)))

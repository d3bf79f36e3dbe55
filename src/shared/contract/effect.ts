import { z } from 'zod'
import { permissionSchema } from './permissions'

/** The users named with each permission gained or lost; the count says how many there are in all. */
export const EFFECT_FIRST_NAMES = 10

/**
 * The changes whose effect the server shows before they are made (issue 57): each is the name
 * of its own endpoint in the table, run as a dry run under the same rules.
 */
export const EFFECT_OPERATIONS = [
  'createRole',
  'updateRole',
  'activateRole',
  'deactivateRole',
  'updateGroup',
  'activateGroup',
  'deactivateGroup',
  'addUserRole',
  'removeUserRole',
  'addUserGroup',
  'removeUserGroup',
  'bulkAssignRole',
  'bulkAddToGroup',
  'bulkRemoveFromGroup',
] as const

export type EffectOperation = (typeof EFFECT_OPERATIONS)[number]

/** Changes previewed together: those of one save (a user's roles, added and removed). */
export const MAX_EFFECT_CHANGES = 200

const namedUserSchema = z.object({ id: z.number().int(), username: z.string() })

/** One permission that a change gives (or takes from) users: how many, and the first of them. */
export const permissionMoveSchema = z.object({
  permission: permissionSchema,
  users: z.number().int(),
  /** The first EFFECT_FIRST_NAMES of them, by lower-cased username (byte order), then id. */
  first: z.array(namedUserSchema),
})
export type PermissionMove = z.infer<typeof permissionMoveSchema>

/** What a change would do to who may do what, measured by making it and rolling it back. */
export const effectSchema = z.object({
  /** Users whose permissions the change moves, whichever way. */
  users: z.number().int(),
  /** By permission, sorted. */
  gains: z.array(permissionMoveSchema),
  losses: z.array(permissionMoveSchema),
  /** A bulk change's users it would refuse (each as their own request would be). */
  refused: z.number().int().optional(),
})
export type Effect = z.infer<typeof effectSchema>

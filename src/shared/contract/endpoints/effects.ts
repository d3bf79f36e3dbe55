import { z } from 'zod'
import {
  EFFECT_OPERATIONS,
  MAX_EFFECT_CHANGES,
  effectSchema,
  type EffectOperation,
} from '../effect'
import { endpoint, type Endpoint } from '../endpoint'
import { groupEndpoints, roleEndpoints } from './access'
import { bulkEndpoints } from './bulk'
import { userAccessEndpoints } from './user-access'

/** The endpoints whose changes can be previewed, by name. */
const changes = { ...roleEndpoints, ...groupEndpoints, ...userAccessEndpoints, ...bulkEndpoints }

export const EFFECT_ENDPOINTS = Object.fromEntries(
  EFFECT_OPERATIONS.map((name) => [name, changes[name]]),
) as { [N in EffectOperation]: (typeof changes)[N] }

/** A change as its own endpoint takes it: its path's parameters (as written in the path) and body. */
const changeSchema = (name: EffectOperation) => {
  const spec: Endpoint = EFFECT_ENDPOINTS[name]
  return z.object({
    operation: z.literal(name),
    ...(spec.params && { params: spec.params }),
    ...(spec.body && { body: spec.body }),
  })
}

const [first, ...others] = EFFECT_OPERATIONS.map(changeSchema)

export const effectChangeSchema = z.discriminatedUnion('operation', [first!, ...others], {
  error: `operation must be one of ${EFFECT_OPERATIONS.join(', ')}`,
})
export type EffectChange = z.input<typeof effectChangeSchema>

/** The changes of one save (Assign Roles adds some and removes others), made one after the other. */
export const effectRequestSchema = z.object({
  changes: z
    .array(effectChangeSchema, { error: 'changes must be a list of changes' })
    .min(1, { error: 'changes must name at least one change' })
    .max(MAX_EFFECT_CHANGES, { error: `changes may name at most ${MAX_EFFECT_CHANGES}` }),
})
export type EffectRequest = z.input<typeof effectRequestSchema>

/** Issue 57: a change's effect on who may do what, shown before it is made. */
export const effectEndpoints = {
  previewEffect: endpoint({
    method: 'POST',
    path: '/api/admin/effects',
    summary:
      'Who would gain and who would lose which permission if the changes were made: each names its operation (an operationId of this document) with its path parameters and body as that operation takes them; they are made one after the other under the same rules, and rolled back. Nothing changes and nothing is audited. Needs users.read (it names users and what they hold) and what each operation needs (its permission, and a recent POST /auth/reauth where it asks for one) and answers the first refusal any of them meets',
    tag: 'effects',
    access: 'users.read',
    reauth: 'when-rights-move',
    body: effectRequestSchema,
    output: effectSchema,
    errors: [404, 409],
  }),
}

import { z } from 'zod'

/**
 * Our server's dormant-accounts policy (issue 57): what a run at `at` does as things stand. It
 * deactivates `count` users: the users list's `status=active&lastSignIn={since}` but the
 * `exempt` members of the policy's group and, were every one deactivated no administrator would
 * remain, the `kept` administrators among them.
 */
export const dormantOutcomeSchema = z.object({
  at: z.string(),
  since: z.string(),
  count: z.number().int(),
  exempt: z.number().int(),
  kept: z.number().int(),
})
export type DormantOutcome = z.infer<typeof dormantOutcomeSchema>

/**
 * The policy as its settings and the server's data make it: off, or the next daily run's outcome
 * (`next`) and a run now's (`now`). Other servers of the contract have no such endpoint.
 */
export const dormantPolicySchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    afterDays: z.number().int(),
    exemptGroup: z.string().nullable(),
    /** The daily run's time of day, HH:MM, in `timeZone`. */
    runAt: z.string(),
    timeZone: z.string(),
    next: dormantOutcomeSchema,
    now: dormantOutcomeSchema,
  }),
])
export type DormantPolicy = z.infer<typeof dormantPolicySchema>

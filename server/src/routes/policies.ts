import { endpoints } from '@shared/contract'
import { dormantPolicy } from '../dormant/daily-run'
import { runDormant } from '../dormant/dormant-users'
import { notFound } from '../errors'
import { resource } from './serve'

/** Issue 57: the dormant-accounts policy's preview and its run now. */
export const policyRoutes = resource(({ serve }, ctx) => {
  serve(endpoints.getDormantPolicy, () => dormantPolicy(ctx))
  serve(endpoints.runDormantPolicy, async ({ caller }) => {
    const policy = ctx.config.dormant
    if (!policy) throw notFound('dormant_policy_off')
    const actor = { id: caller.id, username: caller.username }
    return (await runDormant(ctx.db, policy, ctx.config.clock.now(), actor))!
  })
})

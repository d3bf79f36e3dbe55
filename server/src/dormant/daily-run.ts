import type { DormantPolicy } from '@shared/contract'
import type { ServerContext } from '../context'
import { dormantOutcome, runDormant } from './dormant-users'
import { dayIn, instantOf, nextRun } from './schedule'

/** How often each process looks whether the day's run is due: it runs within a minute of it. */
const LOOK_EVERY_MS = 60_000

/**
 * The day's run, if due and not yet done by any process: at the scheduled instant of today in
 * the policy's zone, or at the first look after it (a server that was down at 02:00 runs when it
 * comes back). Run as of the scheduled instant, so that it does what the preview said.
 */
export async function runIfDue(ctx: ServerContext): Promise<void> {
  const policy = ctx.config.dormant
  if (!policy) return
  const now = ctx.config.clock.now()
  const day = dayIn(now, policy.timeZone)
  const at = instantOf(day, policy.runAt, policy.timeZone)
  if (now < at) return
  await runDormant(ctx.db, policy, at, null, day)
}

/** Looks every minute (`runIfDue`); failures are logged and the next look tries again. */
export function startDailyRun(ctx: ServerContext, onError: (error: unknown) => void) {
  if (!ctx.config.dormant) return { close: () => undefined }
  const look = () => void runIfDue(ctx).catch(onError)
  const timer = setInterval(look, LOOK_EVERY_MS)
  timer.unref()
  look()
  return { close: () => clearInterval(timer) }
}

/** The policy as the console shows it: the next run and what it would do, and a run now's. */
export async function dormantPolicy(ctx: ServerContext): Promise<DormantPolicy> {
  const policy = ctx.config.dormant
  if (!policy) return { enabled: false }
  const now = ctx.config.clock.now()
  const today = dayIn(now, policy.timeZone)
  const ran = await ctx.db.query('SELECT 1 FROM dormant_runs WHERE day = $1::date', [today])
  const next = nextRun(now, policy, ran.length > 0)
  return {
    enabled: true,
    afterDays: policy.afterDays,
    exemptGroup: policy.exemptGroup ?? null,
    runAt: policy.runAt,
    timeZone: policy.timeZone,
    next: await dormantOutcome(ctx.db, policy, next.at),
    now: await dormantOutcome(ctx.db, policy, now),
  }
}

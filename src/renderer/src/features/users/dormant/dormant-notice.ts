import type { DormantPolicy } from '@shared/contract'
import { userListSearchParams, INITIAL_LIST_STATE } from '../list-state'

type Enabled = Extract<DormantPolicy, { enabled: true }>

/** "1,234 users will be deactivated at 02:00": the next run's time in this computer's zone. */
export function dormantNoticeText(policy: Enabled, locale?: string): string {
  const count = policy.next.count
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.parse(policy.next.at))
  const users = `${count.toLocaleString(locale ?? 'en-US')} ${count === 1 ? 'user' : 'users'}`
  return `${users} will be deactivated at ${time}`
}

/** The users list of the next run's users: active, not signed in since its limit. */
export function dormantListPath(policy: Enabled): string {
  const params = userListSearchParams({
    ...INITIAL_LIST_STATE,
    filter: { status: 'active', lastSignIn: policy.next.since },
  })
  return `/users?${params}`
}

/** What Run now asks before it deactivates anyone. */
export function runNowQuestion(policy: Enabled): string {
  const { count } = policy.now
  const users = `${count.toLocaleString('en-US')} ${count === 1 ? 'user' : 'users'}`
  return `Deactivate ${users} who have not signed in for ${policy.afterDays} days now? Each is recorded in the audit log as dormant.`
}

/** Who the preview leaves out, in words; empty when no one. */
export function leftOutText(policy: Enabled): string {
  const parts = [
    policy.next.exempt > 0 && policy.exemptGroup
      ? `${policy.next.exempt.toLocaleString('en-US')} in ${policy.exemptGroup} stay active`
      : '',
    policy.next.kept > 0
      ? `${policy.next.kept.toLocaleString('en-US')} kept as the last administrators`
      : '',
  ].filter(Boolean)
  return parts.join('; ')
}

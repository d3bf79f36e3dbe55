import type { DormantPolicy } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'
import { userListSearchParams, INITIAL_LIST_STATE } from '../list-state'

type Enabled = Extract<DormantPolicy, { enabled: true }>

/** "1,234 users will be deactivated at 02:00": the next run's time in this computer's zone. */
export function dormantNoticeText(t: Translate, policy: Enabled, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.parse(policy.next.at))
  return t('users.dormantNotice', { count: policy.next.count, time })
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
export const runNowQuestion = (t: Translate, policy: Enabled): string =>
  t('users.dormantRunNowQuestion', { count: policy.now.count, days: policy.afterDays })

/** Who the preview leaves out, in words, in brackets; empty when no one. */
export function leftOutText(t: Translate, policy: Enabled): string {
  const { exempt, kept } = policy.next
  const exemptText =
    exempt > 0 && policy.exemptGroup
      ? t('users.dormantExempt', { count: exempt, group: policy.exemptGroup })
      : ''
  const keptText = kept > 0 ? t('users.dormantKept', { count: kept }) : ''
  const parts =
    exemptText && keptText
      ? t('users.dormantLeftOutBoth', { exempt: exemptText, kept: keptText })
      : exemptText || keptText
  return parts && t('users.dormantLeftOut', { parts })
}

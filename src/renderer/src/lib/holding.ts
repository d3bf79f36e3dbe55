import type { AccessRef } from '@shared/contract'
import { untilText } from '@shared/grant-ends'

/** A group a role comes through, and when the membership ends (issue 57), if the server says. */
type Through = AccessRef & { until?: string | null }

/**
 * "via IT Operations, Security" or "via Finance, until Dec 12, 2026, 2:00 PM": the groups a role
 * comes through, as the console names them.
 */
export function viaText(groups: readonly Through[]): string {
  const ending = groups.some((group) => group.until)
  const names = groups.map((group) =>
    group.until ? `${group.name}, ${untilText(group.until)}` : group.name,
  )
  return `via ${names.join(ending ? '; ' : ', ')}`
}

/** How a member holds a role: "direct", "via {groups}", or both. */
export function holdingText({
  direct,
  viaGroups,
}: {
  direct: boolean
  viaGroups: readonly Through[]
}): string {
  const parts = [
    ...(direct ? ['direct'] : []),
    ...(viaGroups.length > 0 ? [viaText(viaGroups)] : []),
  ]
  return parts.join(', ')
}

import type { AccessRef } from '@shared/contract'

/** "via IT Operations, Security": the groups a role comes through, as the console names them. */
export const viaText = (groups: readonly AccessRef[]): string =>
  `via ${groups.map((group) => group.name).join(', ')}`

/** How a member holds a role: "direct", "via {groups}", or both. */
export function holdingText({
  direct,
  viaGroups,
}: {
  direct: boolean
  viaGroups: readonly AccessRef[]
}): string {
  const parts = [
    ...(direct ? ['direct'] : []),
    ...(viaGroups.length > 0 ? [viaText(viaGroups)] : []),
  ]
  return parts.join(', ')
}

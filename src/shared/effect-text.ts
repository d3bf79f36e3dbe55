import type { Effect, PermissionMove } from './contract'

/** What the effect preview says of a change that moves no one's permissions (issue 57). */
export const NO_ONE_REACHED = "This change gives or takes no one's permissions."

const users = (count: number) => `${count.toLocaleString('en-US')} user${count === 1 ? '' : 's'}`

/** "12 users gain users.status", "1 user loses audit.read". */
export function moveText(way: 'gain' | 'loss', move: PermissionMove): string {
  const verb = way === 'gain' ? 'gain' : 'lose'
  return `${users(move.users)} ${move.users === 1 ? `${verb}s` : verb} ${move.permission}`
}

/** "12 users gain users.status; 3 users lose audit.read", or that it reaches no one. */
export function effectHeadline(effect: Effect): string {
  if (effect.users === 0) return NO_ONE_REACHED
  return [
    ...effect.gains.map((move) => moveText('gain', move)),
    ...effect.losses.map((move) => moveText('loss', move)),
  ].join('; ')
}

/** Under the first names of a move: how many more there are, if any. */
export const moreNames = (move: PermissionMove): string | null =>
  move.users > move.first.length
    ? `and ${(move.users - move.first.length).toLocaleString('en-US')} more`
    : null

/** A bulk change's users refused, as each one's own request would be. */
export const refusedText = (count: number): string =>
  `${users(count)} would be refused, as their own change would be.`

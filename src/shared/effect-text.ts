import type { Effect, PermissionMove } from './contract'
import type { Translate } from './i18n/catalogues'

/** "12 users gain users.status", "1 user loses audit.read". */
export const moveText = (way: 'gain' | 'loss', move: PermissionMove, t: Translate): string =>
  t(way === 'gain' ? 'cells.effectGain' : 'cells.effectLoss', {
    count: move.users,
    permission: move.permission,
  })

/**
 * "12 users gain users.status; 3 users lose audit.read", or what the effect preview says of a
 * change that moves no one's permissions (issue 57).
 */
export function effectHeadline(effect: Effect, t: Translate): string {
  if (effect.users === 0) return t('cells.noOneReached')
  return [
    ...effect.gains.map((move) => moveText('gain', move, t)),
    ...effect.losses.map((move) => moveText('loss', move, t)),
  ].join(t('cells.detailsSeparator'))
}

/** Under the first names of a move: how many more there are, if any. */
export const moreNames = (move: PermissionMove, t: Translate): string | null =>
  move.users > move.first.length
    ? t('cells.effectMoreNames', { count: move.users - move.first.length })
    : null

/** A bulk change's users refused, as each one's own request would be. */
export const refusedText = (count: number, t: Translate): string =>
  t('cells.effectRefused', { count })

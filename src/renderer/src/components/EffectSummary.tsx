import type { Effect } from '@shared/contract'
import { effectHeadline, moreNames, moveText, refusedText } from '@shared/effect-text'
import { errorMessage } from '../lib/query'
import { useText } from '../lib/text'
import { ErrorBanner } from './ErrorBanner'

export interface EffectSummaryProps {
  effect: Effect | undefined
  loading: boolean
  error: unknown
}

/**
 * Who a change would give or take which permission (issue 57): a line for each, and under it
 * the first users it names, one click away.
 */
export function EffectSummary({ effect, loading, error }: EffectSummaryProps) {
  const t = useText()
  if (loading) return <p role="status">{t('components.effectLoading')}</p>
  if (error) return <ErrorBanner message={errorMessage(error, t('components.effectFailed'))} />
  if (!effect) return null
  const moves = [
    ...effect.gains.map((move) => ({ way: 'gain' as const, move })),
    ...effect.losses.map((move) => ({ way: 'loss' as const, move })),
  ]
  return (
    <div className="effect-summary">
      <p className="effect-headline">{effectHeadline(effect, t)}</p>
      {moves.length > 0 && (
        <ul className="effect-moves">
          {moves.map(({ way, move }) => (
            <li key={`${way}-${move.permission}`} className={`effect-${way}`}>
              <details>
                <summary>{moveText(way, move, t)}</summary>
                <ul className="effect-names">
                  {move.first.map((user) => (
                    <li key={user.id}>
                      <bdi>{user.username}</bdi>
                    </li>
                  ))}
                  {moreNames(move, t) && <li className="muted">{moreNames(move, t)}</li>}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
      {effect.refused ? <p>{refusedText(effect.refused, t)}</p> : null}
    </div>
  )
}

import { useId } from 'react'
import type { AccessRef } from '@shared/contract'
import { ErrorBanner } from '../../components/ErrorBanner'
import type { AssignmentOptions } from '../../api/assignment-options'
import { viaText } from '../../lib/holding'
import { useText } from '../../lib/text'
import type { GrantEnds } from '../../lib/useGrantEnds'
import { GrantEndFields } from '../../components/GrantEndFields'
import { UntilSelect } from '../../components/UntilSelect'
import { untilText } from '@shared/grant-ends'

/** The roles a user holds through groups, for the Roles card (issue 12). */
export interface HeldVia {
  groups: ReadonlyMap<number, AccessRef[]> | undefined
  failure?: string
}

/**
 * Roles & Permissions or Group Memberships: one checkbox per role or group, ticked when it is
 * assigned directly. With `heldVia`, a role held through groups is marked "via {groups}".
 * Read only (issue 29: the signed-in user may not assign), the held ones are listed instead.
 */
export function AssignmentCard({
  title,
  emptyText,
  options,
  chosen,
  disabled,
  readOnly,
  onToggle,
  heldVia,
  ends,
}: {
  title: string
  emptyText: string
  options: AssignmentOptions
  chosen: number[]
  disabled: boolean
  readOnly: boolean
  onToggle: (id: number, checked: boolean) => void
  heldVia?: HeldVia
  /** Against a server that takes grants with an end (issue 57): the "Until" of each, and why. */
  ends?: GrantEnds
}) {
  const titleId = useId()
  const t = useText()
  const noteId = `${titleId}-note`
  const { held, loading, failure } = options
  const items = readOnly
    ? options.items?.filter((item) => held?.includes(item.id) || heldVia?.groups?.has(item.id))
    : options.items
  return (
    <section className="details-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {heldVia && !readOnly && (
        <p id={noteId} className="details-card-note">
          {t('userDetails.assignmentNote')}
        </p>
      )}
      {heldVia?.failure && <ErrorBanner message={heldVia.failure} />}
      {failure ? (
        <ErrorBanner message={failure} />
      ) : loading || !items ? (
        <p role="status">{t('userDetails.loadingItems')}</p>
      ) : items.length === 0 ? (
        <p className="details-card-note">{emptyText}</p>
      ) : (
        <ul className="choice-list" aria-label={title}>
          {items.map((item) => {
            const checked = chosen.includes(item.id)
            const isEdited = checked !== Boolean(held?.includes(item.id))
            const inputId = `${titleId}-${item.id}`
            const via = heldVia?.groups?.get(item.id)
            // Held through a group: the box still says only whether it is assigned directly.
            const describedBy = [
              ...(via ? [`${inputId}-via`, noteId] : []),
              ...(isEdited ? [`${inputId}-edited`] : []),
            ]
            const className = ['choice', via && 'held-via', isEdited && 'edited']
              .filter(Boolean)
              .join(' ')
            return (
              <li key={item.id} className={className}>
                {readOnly ? (
                  <span>{item.name}</span>
                ) : (
                  <>
                    <input
                      id={inputId}
                      type="checkbox"
                      checked={checked}
                      disabled={disabled}
                      aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
                      onChange={(event) => onToggle(item.id, event.target.checked)}
                    />
                    <label htmlFor={inputId}>{item.name}</label>
                    {ends && checked && (
                      <UntilSelect
                        id={`${inputId}-until`}
                        name={item.name}
                        choice={ends.choiceOf(item.id)}
                        heldUntil={
                          options.heldEnds.has(item.id) ? options.heldEnds.get(item.id) : undefined
                        }
                        disabled={disabled}
                        onChange={(choice) => ends.choose(item.id, choice)}
                      />
                    )}
                  </>
                )}
                {readOnly && options.heldEnds.get(item.id) && (
                  <span className="until-tag">{untilText(options.heldEnds.get(item.id)!)}</span>
                )}
                {via && (
                  <span id={`${inputId}-via`} className="via-tag">
                    {viaText(via)}
                  </span>
                )}
                {!item.active && (
                  <span className="inactive-tag state-inactive">{t('userDetails.inactive')}</span>
                )}
                {isEdited && (
                  <span id={`${inputId}-edited`} className="edited-tag">
                    {t('userDetails.edited')}
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {ends && (
        <GrantEndFields
          id={`${titleId}-reason`}
          endCheck={ends.endCheck}
          asksReason={!readOnly && ends.asksReason(chosen)}
          disabled={disabled}
        />
      )}
    </section>
  )
}

import { useId } from 'react'
import { ErrorBanner } from '../../components/ErrorBanner'
import type { AssignmentOptions } from '../../api/assignment-options'

/** Roles & Permissions or Group Memberships: one checkbox per role or group. */
export function AssignmentCard({
  title,
  emptyText,
  options,
  chosen,
  disabled,
  onToggle,
}: {
  title: string
  emptyText: string
  options: AssignmentOptions
  chosen: number[]
  disabled: boolean
  onToggle: (id: number, checked: boolean) => void
}) {
  const titleId = useId()
  const { items, held, loading, failure } = options
  return (
    <section className="details-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {failure ? (
        <ErrorBanner message={failure} />
      ) : loading || !items ? (
        <p role="status">Loading...</p>
      ) : items.length === 0 ? (
        <p className="details-card-note">{emptyText}</p>
      ) : (
        <ul className="choice-list" aria-label={title}>
          {items.map((item) => {
            const checked = chosen.includes(item.id)
            const isEdited = checked !== Boolean(held?.includes(item.id))
            const inputId = `${titleId}-${item.id}`
            return (
              <li key={item.id} className={isEdited ? 'choice edited' : 'choice'}>
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  aria-describedby={isEdited ? `${inputId}-edited` : undefined}
                  onChange={(event) => onToggle(item.id, event.target.checked)}
                />
                <label htmlFor={inputId}>{item.name}</label>
                {!item.active && <span className="inactive-tag state-inactive">Inactive</span>}
                {isEdited && (
                  <span id={`${inputId}-edited`} className="edited-tag">
                    Edited
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

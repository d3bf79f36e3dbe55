import { useEffect, useEffectEvent, useState } from 'react'
import { auditActionText } from '@shared/audit-words'
import { AUDIT_ACTIONS, type AuditFilter } from '@shared/contract'
import { useText } from '../../lib/text'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import type { AuditFilterKey } from './audit-url'

const TYPING_DELAY_MS = 300

/** A text filter that applies once typing pauses. */
function TextFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}) {
  const t = useText()
  const [text, setText] = useState(value)
  const settled = useDebouncedValue(text, TYPING_DELAY_MS)
  // Only a settled edit applies, so the URL changing underneath does not echo back.
  const applySettled = useEffectEvent((edit: string) => {
    if (edit.trim() !== value) onChange(edit)
  })
  useEffect(() => applySettled(settled), [settled])
  // The URL changed elsewhere (Clear Filters, Back): the box shows what it holds now.
  const showValue = useEffectEvent((shown: string) => {
    if (shown !== text.trim()) setText(shown)
  })
  useEffect(() => showValue(value), [value])
  return (
    <div className="audit-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        maxLength={100}
        placeholder={t('audit.userPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  )
}

/** Actor, Target user, Action and the date range; each lives in the URL. */
export function AuditFilters({
  filter,
  onChange,
  onClear,
}: {
  filter: AuditFilter
  onChange: (key: AuditFilterKey, value: string) => void
  onClear: () => void
}) {
  const t = useText()
  const actions: readonly string[] =
    filter.action && !(AUDIT_ACTIONS as readonly string[]).includes(filter.action)
      ? [filter.action, ...AUDIT_ACTIONS]
      : AUDIT_ACTIONS
  const filtered = Object.values(filter).some(Boolean)
  return (
    <div className="audit-filters" role="group" aria-label={t('audit.filters')}>
      <TextFilter
        id="audit-actor"
        label={t('audit.actor')}
        value={filter.actor ?? ''}
        onChange={(value) => onChange('actor', value)}
      />
      <TextFilter
        id="audit-target"
        label={t('audit.targetUser')}
        value={filter.target ?? ''}
        onChange={(value) => onChange('target', value)}
      />
      <div className="audit-filter">
        <label htmlFor="audit-action">{t('audit.action')}</label>
        <select
          id="audit-action"
          value={filter.action ?? ''}
          onChange={(event) => onChange('action', event.target.value)}
        >
          <option value="">{t('audit.allActions')}</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {auditActionText(action, t)}
            </option>
          ))}
        </select>
      </div>
      {/* From and To wrap together, never To alone on a line of its own (issue 56). */}
      <div className="audit-date-range">
        <div className="audit-filter">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input
            id="audit-from"
            type="date"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(event) => onChange('from', event.target.value)}
          />
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input
            id="audit-to"
            type="date"
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(event) => onChange('to', event.target.value)}
          />
        </div>
      </div>
      <button type="button" className="secondary" disabled={!filtered} onClick={onClear}>
        {t('audit.clearFilters')}
      </button>
    </div>
  )
}

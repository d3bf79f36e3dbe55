import { useId, useState } from 'react'
import type { BulkSelectionInput } from '@shared/bridge-inputs'
import type { BulkAction } from '@shared/contract'
import { MAX_BULK_USERS, isBulkAccessAction } from '@shared/contract'
import { useGroups, useRoles } from '@/api/access'
import { effectOfBulk, useEffectOf } from '@/api/effects'
import { Dialog } from '@/components/Dialog'
import { EffectSummary } from '@/components/EffectSummary'
import { ErrorBanner } from '@/components/ErrorBanner'
import { GrantEndFields } from '@/components/GrantEndFields'
import { UntilSelect } from '@/components/UntilSelect'
import type { GrantInput } from '@shared/grant-ends'
import { errorMessage } from '@/lib/query'
import { useText } from '@/lib/text'
import {
  BULK_BUTTONS,
  bulkLabel,
  confirmText,
  failureText,
  stopReason,
  summaryText,
} from './bulk-texts'
import { useBulkGrant } from './useBulkGrant'
import type { FinishedBulk } from './useBulkRun'
import { useServerFeature } from '../../auth'

/** The role or group an access action gives or takes away, chosen in its confirm dialog. */
function TargetPicker({
  action,
  value,
  onChange,
}: {
  action: BulkAction
  value: number | undefined
  onChange: (id: number | undefined) => void
}) {
  const t = useText()
  const roles = useRoles()
  const groups = useGroups()
  const isRole = action === 'assign-role'
  const list = isRole ? roles : groups
  const id = useId()
  if (list.error)
    return (
      <ErrorBanner
        message={errorMessage(list.error, t(isRole ? 'bulk.rolesFailed' : 'bulk.groupsFailed'))}
      />
    )
  return (
    <div className="bulk-target">
      <label htmlFor={id}>{t(isRole ? 'bulk.role' : 'bulk.group')}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">
          {list.isPending ? t('bulk.loading') : t(isRole ? 'bulk.chooseRole' : 'bulk.chooseGroup')}
        </option>
        {list.data?.map((item) => (
          <option key={item.id} value={item.id}>
            {item.active ? item.name : t('bulk.inactiveTarget', { name: item.name })}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * "Lock 37 users?" with Cancel first; an access action first asks which role or group, and one
 * that gives it offers Until (and then asks a reason) against a server naming `grant-ends`.
 */
export function BulkConfirm({
  action,
  count,
  selection,
  onConfirm,
  onCancel,
}: {
  action: BulkAction
  count: number
  /** Whom it would change, for the effect of an access action (issue 57). */
  selection: BulkSelectionInput
  onConfirm: (targetId?: number, grant?: GrantInput) => void
  onCancel: () => void
}) {
  const t = useText()
  const [targetId, setTargetId] = useState<number | undefined>()
  const previewOffered = useServerFeature('effect-preview')
  const changes = effectOfBulk(action, selection, targetId)
  // More users than one request takes are sent in parts, each with its own effect: none shown.
  const previewed = previewOffered && changes !== null && count <= MAX_BULK_USERS
  const effect = useEffectOf(changes ?? [], previewed)
  const roles = useRoles()
  const groups = useGroups()
  const grant = useBulkGrant(action)
  const messageId = useId()
  const untilId = useId()
  const needsTarget = isBulkAccessAction(action)
  const targets = action === 'assign-role' ? roles.data : groups.data
  const targetName = targets?.find((item) => item.id === targetId)?.name
  const danger = BULK_BUTTONS.find((button) => button.action === action)!.danger
  return (
    <Dialog
      title={t('bulk.confirmTitle')}
      onClose={onCancel}
      describedBy={messageId}
      footer={
        <>
          <button type="button" className="secondary" onClick={onCancel} data-autofocus>
            {t('bulk.cancel')}
          </button>
          <button
            type="button"
            className={danger ? 'danger' : 'primary'}
            disabled={(needsTarget && targetId === undefined) || (previewed && !effect.isSuccess)}
            onClick={() => {
              const checked = grant.checked(Date.now())
              if (checked.ok) onConfirm(targetId, checked.grant)
            }}
          >
            {bulkLabel(t, action)}
          </button>
        </>
      }
    >
      <p id={messageId}>{confirmText(t, action, count, targetName)}</p>
      {needsTarget && <TargetPicker action={action} value={targetId} onChange={setTargetId} />}
      {grant.offered && (
        <>
          <div className="bulk-target">
            <label htmlFor={untilId}>{t('bulk.until')}</label>
            <UntilSelect
              id={untilId}
              choice={grant.choice}
              heldUntil={undefined}
              onChange={grant.choose}
            />
          </div>
          <GrantEndFields
            id={`${untilId}-reason`}
            endCheck={grant.endCheck}
            asksReason={grant.asksReason}
          />
        </>
      )}
      {previewed && (
        <EffectSummary effect={effect.data} loading={effect.isPending} error={effect.error} />
      )}
    </Dialog>
  )
}

/** A bulk action or an export under way: how far it got, and Cancel. */
export function BulkProgressDialog({
  title,
  label,
  done,
  total,
  onCancel,
}: {
  title: string
  label: string
  done: number
  total: number
  onCancel: () => void
}) {
  const t = useText()
  const [cancelling, setCancelling] = useState(false)
  const id = useId()
  return (
    // Escape does not stop it by accident: only Cancel does.
    <Dialog
      title={title}
      onClose={() => undefined}
      footer={
        <button
          type="button"
          className="secondary"
          disabled={cancelling}
          data-autofocus
          onClick={() => {
            setCancelling(true)
            onCancel()
          }}
        >
          {cancelling ? t('bulk.cancelling') : t('bulk.cancel')}
        </button>
      }
    >
      <div className="bulk-progress">
        <label htmlFor={id}>{label}</label>
        <progress id={id} max={Math.max(total, 1)} value={done} aria-valuetext={label} />
      </div>
    </Dialog>
  )
}

/** Failures listed at most: the counts above always say how many there were. */
const FAILURES_SHOWN = 200

/** "{ok} done, {failed} failed", why it stopped early if it did, and each failure's reason. */
export function BulkSummaryDialog({
  finished,
  onClose,
}: {
  finished: FinishedBulk
  onClose: () => void
}) {
  const t = useText()
  const { summary, action } = finished
  const messageId = useId()
  const reason = stopReason(t, summary)
  const hidden = summary.failures.length - FAILURES_SHOWN
  return (
    <Dialog
      title={t('bulk.finished', { action: bulkLabel(t, action) })}
      onClose={onClose}
      describedBy={messageId}
      footer={
        <button type="button" className="primary" onClick={onClose} data-autofocus>
          {t('bulk.ok')}
        </button>
      }
    >
      <p id={messageId}>{summaryText(t, summary)}</p>
      {reason && <p>{reason}</p>}
      {summary.failures.length > 0 && (
        <ul className="bulk-failures" aria-label={t('bulk.failures')}>
          {summary.failures.slice(0, FAILURES_SHOWN).map((failure) => (
            // Isolated, each line takes its direction from its first words: a username and the
            // server's English keep their order in a right-to-left dialog.
            <li key={failure.id}>
              <bdi>{failureText(t, failure)}</bdi>
            </li>
          ))}
          {hidden > 0 && <li>{t('bulk.moreFailures', { count: hidden })}</li>}
        </ul>
      )}
    </Dialog>
  )
}

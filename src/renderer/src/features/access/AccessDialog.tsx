import { useId, useState, type FormEvent } from 'react'
import { PERMISSIONS, type Permission } from '@shared/contract'
import type { MessageId } from '@shared/i18n/catalogues'
import { useEffectConfirm } from '../../api/effects'
import { Dialog } from '../../components/Dialog'
import { EffectConfirmDialog } from '../../components/EffectConfirmDialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { notify } from '../../lib/notifications'
import { useServerFeature } from '../auth'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
import type { AccessItem, AccessKind } from './access-kinds'
import { toggleId } from '@shared/assignment'
import { administratorRoleFixed } from '@shared/messages'
import { accessSaved, checkAccessForm, nameConflict } from './access-form'
import { effectOfSave, useSaveAccess } from './useAccessMutations'

/** What each permission allows, as the dialog's checklist describes it. */
const PERMISSION_TEXTS: Record<Permission, MessageId> = {
  'users.read': 'access.permissionUsersRead',
  'users.create': 'access.permissionUsersCreate',
  'users.edit': 'access.permissionUsersEdit',
  'users.status': 'access.permissionUsersStatus',
  'users.credentials': 'access.permissionUsersCredentials',
  'users.assign': 'access.permissionUsersAssign',
  'access.manage': 'access.permissionAccessManage',
  'audit.read': 'access.permissionAuditRead',
}

export interface AccessDialogProps {
  kind: AccessKind
  /** The role or group being edited; absent when adding one. */
  item?: AccessItem
  /** Every item of the other side, offered as checkboxes. */
  options: AccessItem[]
  optionsLoading: boolean
  /** The other side could not be loaded: its checkboxes cannot be offered. */
  optionsFailed: boolean
  /** The server names permissions: a role's dialog offers them as a checklist (issue 29). */
  withPermissions?: boolean
  onClose: () => void
}

/** Add or edit a role or group: its name and its links to the other side. */
export function AccessDialog({
  kind,
  item,
  options,
  optionsLoading,
  optionsFailed,
  withPermissions = false,
  onClose,
}: AccessDialogProps) {
  const formId = useId()
  const nameId = useId()
  const nameErrorId = useId()
  const [name, setName] = useState(item?.name ?? '')
  const [chosen, setChosen] = useState<number[]>(() => item?.links.map((link) => link.id) ?? [])
  const [granted, setGranted] = useState<Permission[]>(() => item?.permissions ?? [])
  const offersPermissions = withPermissions && kind.key === 'roles'
  // The administrator role's are every permission, whatever is sent: shown, not offered.
  const fixed = item?.administrator === true
  const [nameError, setNameError] = useState<string>()
  const save = useSaveAccess(kind)
  const effect = useEffectConfirm()
  const previewOffered = useServerFeature('effect-preview')
  const t = useText()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkAccessForm(name, chosen)
    if (!checked.ok) {
      setNameError(checked.error)
      return
    }
    const change = {
      id: item?.id,
      ...checked.input,
      ...(offersPermissions && { permissions: granted }),
    }
    const apply = () =>
      save.mutate(change, {
        onSuccess: () => {
          onClose()
          notify(accessSaved(kind, checked.input.name, item === undefined, t))
        },
        onError: (error) => setNameError(nameConflict(error)),
      })
    const changes = previewOffered ? effectOfSave(kind, change) : null
    if (changes) effect.ask(changes, apply)
    else apply()
  }

  // The confirm is a dialog of its own, over this one, which keeps what was chosen.
  return (
    <>
      <Dialog
        title={t(item ? kind.editTitle : kind.addTitle)}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="secondary" onClick={onClose}>
              {t('access.cancel')}
            </button>
            <button type="submit" form={formId} className="primary" disabled={save.isPending}>
              {t(item ? 'access.save' : 'access.create')}
            </button>
          </>
        }
      >
        <form id={formId} className="access-form" onSubmit={submit} noValidate>
          {save.isError && !nameConflict(save.error) && (
            <ErrorBanner message={errorMessage(save.error, t('access.saveFailed'))} />
          )}
          <label htmlFor={nameId}>{t('access.name')}</label>
          <input
            id={nameId}
            value={name}
            placeholder={t('access.namePlaceholder')}
            data-autofocus
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(event) => {
              setName(event.target.value)
              setNameError(undefined)
            }}
          />
          {nameError && (
            <p id={nameErrorId} className="field-error">
              {nameError}
            </p>
          )}
          <fieldset className="access-links">
            <legend>{t(kind.assignLabel)}</legend>
            {optionsLoading ? (
              <p role="status">{t('access.loading')}</p>
            ) : optionsFailed ? (
              <p>{t(kind.linksFailed)}</p>
            ) : options.length === 0 ? (
              <p>{t(kind.noOptions)}</p>
            ) : (
              options.map((option) => (
                <label key={option.id} className="access-link">
                  <input
                    type="checkbox"
                    checked={chosen.includes(option.id)}
                    onChange={(event) =>
                      setChosen((ids) => toggleId(ids, option.id, event.target.checked))
                    }
                  />
                  {option.name}
                  {!option.active && (
                    <span className="access-inactive"> {t('access.inactiveMark')}</span>
                  )}
                </label>
              ))
            )}
          </fieldset>
          {offersPermissions && (
            <fieldset className="access-links access-permissions">
              <legend>{t('access.permissions')}</legend>
              {fixed && (
                <p id={`${formId}-fixed`} className="permission-fixed">
                  {administratorRoleFixed(item.name)}
                </p>
              )}
              {PERMISSIONS.map((permission) => (
                <div key={permission} className="access-link">
                  <label>
                    <input
                      type="checkbox"
                      checked={fixed || granted.includes(permission)}
                      disabled={fixed}
                      aria-describedby={[`${formId}-${permission}`, fixed && `${formId}-fixed`]
                        .filter(Boolean)
                        .join(' ')}
                      onChange={(event) =>
                        setGranted((held) =>
                          event.target.checked
                            ? [...held, permission].sort()
                            : held.filter((other) => other !== permission),
                        )
                      }
                    />
                    <bdi>{permission}</bdi>
                  </label>
                  <span id={`${formId}-${permission}`} className="permission-description">
                    {t(PERMISSION_TEXTS[permission])}
                  </span>
                </div>
              ))}
            </fieldset>
          )}
        </form>
      </Dialog>
      {effect.asking && (
        <EffectConfirmDialog
          effect={effect}
          confirmLabel={t(item ? 'access.save' : 'access.create')}
        />
      )}
    </>
  )
}

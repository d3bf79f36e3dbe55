import { useId, useState } from 'react'
import type { User } from '@shared/contract'
import { useAssignmentOptions } from '../../api/assignment-options'
import { toggleId } from '@shared/assignment'
import { effectOfAssignments, useSaveAssignments } from '../../api/assignments'
import { useEffectConfirm } from '../../api/effects'
import type { AssignmentKind } from '../../api/keys'
import type { MessageId } from '@shared/i18n/catalogues'
import { Dialog } from '../../components/Dialog'
import { EffectConfirmDialog } from '../../components/EffectConfirmDialog'
import { GrantEndFields } from '../../components/GrantEndFields'
import { UntilSelect } from '../../components/UntilSelect'
import { useGrantEnds } from '../../lib/useGrantEnds'
import { ErrorBanner } from '../../components/ErrorBanner'
import { notify } from '../../lib/notifications'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
import { useServerFeature } from '../auth'

const WORDS = {
  roles: {
    title: 'users.assignRolesTitle',
    noun: 'users.roles',
    none: 'users.noRoles',
    save: 'users.saveRolesFailed',
  },
  groups: {
    title: 'users.assignGroupsTitle',
    noun: 'users.groups',
    none: 'users.noGroups',
    save: 'users.saveGroupsFailed',
  },
} as const satisfies Record<AssignmentKind, Record<string, MessageId>>

/**
 * Assign Roles / Assign Groups for one user: every role or group as a checkbox, ticked where the
 * user holds it. Saving applies only the difference; on failure the choice stays for a retry.
 */
export function AssignAccessDialog({
  user,
  kind,
  onClose,
}: {
  user: User
  kind: AssignmentKind
  onClose: () => void
}) {
  const t = useText()
  const words = WORDS[kind]
  const listId = useId()
  const available = useAssignmentOptions(user.id, kind)
  const save = useSaveAssignments(user.id, kind)
  const effect = useEffectConfirm()
  const previewOffered = useServerFeature('effect-preview')
  const [chosen, setChosen] = useState<number[] | null>(null)
  const takesEnds = useServerFeature('grant-ends')
  const ends = useGrantEnds(available.heldEnds)

  const original = available.held ?? []
  const selected = chosen ?? original
  const options = available.items ?? []

  const submit = () => {
    const until = takesEnds ? ends.checkedUntil(selected, Date.now()) : undefined
    if (takesEnds && !until) return
    const apply = () =>
      save.mutate(
        {
          original,
          chosen: selected,
          nameOf: available.nameOf,
          ...(until && { ends: { until, reason: ends.endCheck.reason } }),
        },
        {
          onSuccess: () => {
            onClose()
            notify(t('users.assignmentsSaved', { kind, username: user.username }))
          },
        },
      )
    const changes = previewOffered ? effectOfAssignments(user.id, kind, original, selected) : null
    if (changes) effect.ask(changes, apply)
    else apply()
  }

  // The confirm is a dialog of its own, over this one, which keeps what was chosen.
  return (
    <>
      <Dialog
        title={t(words.title, { username: user.username })}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="secondary" onClick={onClose}>
              {t('users.cancel')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={available.loading || Boolean(available.failure) || save.isPending}
              onClick={submit}
            >
              {t(save.isPending ? 'users.saving' : 'users.save')}
            </button>
          </>
        }
      >
        {available.loading ? (
          <p role="status">{t('users.loadingChoices')}</p>
        ) : available.failure ? (
          <ErrorBanner message={available.failure} />
        ) : options.length === 0 ? (
          <p>{t(words.none)}</p>
        ) : (
          <fieldset className="assign-list">
            <legend className="visually-hidden">{t(words.noun)}</legend>
            {options.map((option) => {
              const id = `${listId}-${option.id}`
              return (
                <div key={option.id} className="assign-option">
                  <input
                    id={id}
                    type="checkbox"
                    checked={selected.includes(option.id)}
                    onChange={(event) =>
                      setChosen(toggleId(selected, option.id, event.target.checked))
                    }
                  />
                  <label htmlFor={id}>
                    {option.name}
                    {option.administrator && (
                      <span className="muted">{t('users.administratorRoleNote')}</span>
                    )}
                    {!option.active && <span className="muted">{t('users.inactiveNote')}</span>}
                  </label>
                  {takesEnds && selected.includes(option.id) && (
                    <UntilSelect
                      id={`${id}-until`}
                      name={option.name}
                      choice={ends.choiceOf(option.id)}
                      heldUntil={
                        available.heldEnds.has(option.id)
                          ? available.heldEnds.get(option.id)
                          : undefined
                      }
                      onChange={(choice) => ends.choose(option.id, choice)}
                    />
                  )}
                </div>
              )
            })}
          </fieldset>
        )}
        {takesEnds && (
          <GrantEndFields
            id={`${listId}-reason`}
            endCheck={ends.endCheck}
            asksReason={ends.asksReason(selected)}
          />
        )}
        {save.isError && <ErrorBanner message={errorMessage(save.error, t(words.save))} />}
      </Dialog>
      {effect.asking && <EffectConfirmDialog effect={effect} confirmLabel={t('users.save')} />}
    </>
  )
}

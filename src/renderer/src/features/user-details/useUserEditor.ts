import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toggleId } from '@shared/assignment'
import type { UserWithVersion } from '@shared/bridge'
import type { UpdateUserRequest } from '@shared/contract'
import { userDetailsError } from '@shared/messages'
import { withRightsOf } from '@shared/user-rights'
import { profileUpdateSchema } from '@shared/validation'
import { useAssignmentOptions } from '../../api/assignment-options'
import { effectOfAssignments, useSaveAssignments } from '../../api/assignments'
import { useEffectConfirm } from '../../api/effects'
import { queryKeys, type AssignmentKind } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { useText } from '../../lib/text'
import { notify } from '../../lib/notifications'
import { BridgeFailure, errorMessage, unwrap } from '../../lib/query'
import { useForm } from '../../lib/useForm'
import { useServerFeature } from '../auth'
import { useGrantEnds } from '../../lib/useGrantEnds'
import { choiceChanged, draftValues, editedFields, EMPTY_DRAFT, type Draft } from './draft'
import { profileInputId, profileOf, type ProfileField } from './profile'

const KINDS: AssignmentKind[] = ['roles', 'groups']

/**
 * The edit of one loaded user: profile fields and role/group checkboxes, their checks, and
 * saving them. Nothing typed is dropped on a failure: only a successful save, Discard or
 * Reload (after a 412) replaces what the administrator entered.
 */
export function useUserEditor(id: number, loaded: UserWithVersion) {
  const client = useQueryClient()
  const t = useText()
  // The form holds the profile's changes, their errors, the banner and the saving state; the
  // role and group choices sit beside it.
  const form = useForm<Draft['profile']>({}, { keepServerErrorOnEdit: true })
  const [choices, setChoices] = useState<Omit<Draft, 'profile'>>({})
  const draft: Draft = { ...choices, profile: form.values }
  const [conflict, setConflict] = useState(false)
  const [reloading, setReloading] = useState(false)
  const options = {
    roles: useAssignmentOptions(id, 'roles'),
    groups: useAssignmentOptions(id, 'groups'),
  }
  const savers = {
    roles: useSaveAssignments(id, 'roles'),
    groups: useSaveAssignments(id, 'groups'),
  }
  const takesEnds = useServerFeature('grant-ends')
  const previewOffered = useServerFeature('effect-preview')
  const effect = useEffectConfirm()
  const ends = {
    roles: useGrantEnds(options.roles.heldEnds),
    groups: useGrantEnds(options.groups.heldEnds),
  }

  const original = profileOf(loaded.user)
  const values = draftValues(original, draft)
  const edited = editedFields(original, draft)
  const chosen = (kind: AssignmentKind) => draft[kind] ?? options[kind].held ?? []
  const changedKinds = KINDS.filter(
    (kind) =>
      choiceChanged(options[kind].held, draft[kind]) ||
      (takesEnds && ends[kind].endChanged(chosen(kind))),
  )
  const dirty = edited.length > 0 || changedKinds.length > 0

  const change = (field: ProfileField, value: string) => form.change(field, value)

  const toggle = (kind: AssignmentKind, itemId: number, checked: boolean) =>
    setChoices((current) => ({
      ...current,
      [kind]: toggleId(current[kind] ?? options[kind].held ?? [], itemId, checked),
    }))

  const discard = () => {
    form.reset(EMPTY_DRAFT.profile)
    setChoices({})
    for (const kind of KINDS) ends[kind].reset()
  }

  /** Answers whether the profile was saved; on a failure says why and keeps the edits. */
  const saveProfile = async (changes: UpdateUserRequest): Promise<boolean> => {
    try {
      const saved = await unwrap(admin().users.update({ id, changes, etag: loaded.etag }))
      client.setQueryData(queryKeys.user(id), {
        ...saved,
        user: withRightsOf(loaded.user, saved.user),
      })
      form.setValues(EMPTY_DRAFT.profile)
      void client.invalidateQueries({ queryKey: queryKeys.users, refetchType: 'none' })
      return true
    } catch (error) {
      if (error instanceof BridgeFailure && error.status === 412) {
        setConflict(true)
        return false
      }
      const { message, inline } = userDetailsError(error)
      form.setServerError(message)
      if (inline) form.setFieldError(inline.field, inline.message)
      return false
    }
  }

  /** Saves one kind's difference; answers what did not apply, if anything. */
  const saveChoice = async (kind: AssignmentKind): Promise<string | undefined> => {
    const held = options[kind].held
    const picked = chosen(kind)
    if (!held || !changedKinds.includes(kind)) return undefined
    try {
      await savers[kind].mutateAsync({
        original: held,
        chosen: picked,
        nameOf: options[kind].nameOf,
        ...(takesEnds && {
          ends: {
            until: ends[kind].untilFor(picked, Date.now()),
            reason: ends[kind].endCheck.reason,
          },
        }),
      })
      setChoices((current) => ({ ...current, [kind]: undefined }))
      ends[kind].reset()
      return undefined
    } catch (error) {
      return errorMessage(error, t('userDetails.saveFailed', { kind }))
    }
  }

  const save = async () => {
    if (!dirty || form.busy) return
    form.setServerError(undefined)
    let changes: UpdateUserRequest | undefined
    if (edited.length > 0) {
      const checked = form.check(profileUpdateSchema(loaded.user), values)
      if (!checked.ok) {
        const first = (Object.keys(checked.errors) as ProfileField[])[0]
        if (first) document.getElementById(profileInputId(first))?.focus()
        return
      }
      changes = checked.data
    }
    if (takesEnds) {
      const now = Date.now()
      // Each kind is checked, so that each card shows what is wrong with it.
      const checked = KINDS.map((kind) => ends[kind].checkedUntil(chosen(kind), now))
      if (checked.includes(undefined)) return
    }
    const apply = () =>
      form.submitting(async () => {
        // The profile goes first: if it is refused, nothing else is saved and all stays to fix.
        if (changes && !(await saveProfile(changes))) return
        const failures = await Promise.all(KINDS.map(saveChoice))
        const failed = failures.filter((message): message is string => message !== undefined)
        if (failed.length > 0) form.setServerError(failed.join('; '))
        else notify(t('users.changesSaved'))
      })
    // New roles or groups are saved only once their effect has been seen (issue 57).
    const assignments = previewOffered
      ? KINDS.flatMap((kind) => {
          const held = options[kind].held
          if (!held || !changedKinds.includes(kind)) return []
          return effectOfAssignments(id, kind, held, chosen(kind)) ?? []
        })
      : []
    if (assignments.length > 0) effect.ask(assignments, () => void apply())
    else await apply()
  }

  /** After a 412: the current version replaces the edits. */
  const reload = async () => {
    setReloading(true)
    try {
      const current = await unwrap(admin().users.get({ id }))
      await Promise.all(KINDS.map((kind) => options[kind].refetchHeld()))
      client.setQueryData(queryKeys.user(id), current)
      form.reset(EMPTY_DRAFT.profile)
      setChoices({})
      for (const kind of KINDS) ends[kind].reset()
      setConflict(false)
    } catch (error) {
      form.setServerError(userDetailsError(error).message)
    } finally {
      setReloading(false)
    }
  }

  return {
    values,
    edited,
    errors: form.errors,
    banner: form.serverError,
    dismissBanner: () => form.setServerError(undefined),
    conflict,
    dirty,
    saving: form.busy,
    reloading,
    options,
    takesEnds,
    ends,
    effect,
    chosen,
    change,
    toggle,
    discard,
    save,
    reload,
  }
}

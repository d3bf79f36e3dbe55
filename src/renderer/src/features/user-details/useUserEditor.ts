import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toggleId } from '../../../../shared/assignment'
import type { UserWithVersion } from '../../../../shared/bridge'
import type { UpdateUserRequest } from '../../../../shared/contract'
import { userDetailsError } from '../../../../shared/messages'
import { CHANGES_SAVED } from '../../../../shared/user-actions'
import { fieldErrors, updateUserSchema, type FieldErrors } from '../../../../shared/validation'
import { useAssignmentOptions } from '../../api/assignment-options'
import { useSaveAssignments } from '../../api/assignments'
import { queryKeys, type AssignmentKind } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { BridgeFailure, errorMessage, unwrap } from '../../lib/query'
import { choiceChanged, draftValues, editedFields, EMPTY_DRAFT, type Draft } from './draft'
import { profileInputId, profileOf, type Profile, type ProfileField } from './profile'

const KINDS: AssignmentKind[] = ['roles', 'groups']

/**
 * The edit of one loaded user: profile fields and role/group checkboxes, their checks, and
 * saving them. Nothing typed is dropped on a failure: only a successful save, Discard or
 * Reload (after a 412) replaces what the administrator entered.
 */
export function useUserEditor(id: number, loaded: UserWithVersion) {
  const client = useQueryClient()
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT)
  const [errors, setErrors] = useState<FieldErrors<Profile>>({})
  const [banner, setBanner] = useState<string>()
  const [conflict, setConflict] = useState(false)
  const [saving, setSaving] = useState(false)
  const [reloading, setReloading] = useState(false)
  const options = {
    roles: useAssignmentOptions(id, 'roles'),
    groups: useAssignmentOptions(id, 'groups'),
  }
  const savers = {
    roles: useSaveAssignments(id, 'roles'),
    groups: useSaveAssignments(id, 'groups'),
  }

  const original = profileOf(loaded.user)
  const values = draftValues(original, draft)
  const edited = editedFields(original, draft)
  const chosen = (kind: AssignmentKind) => draft[kind] ?? options[kind].held ?? []
  const changedKinds = KINDS.filter((kind) => choiceChanged(options[kind].held, draft[kind]))
  const dirty = edited.length > 0 || changedKinds.length > 0

  const change = (field: ProfileField, value: string) => {
    setDraft((current) => ({ ...current, profile: { ...current.profile, [field]: value } }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const toggle = (kind: AssignmentKind, itemId: number, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      [kind]: toggleId(current[kind] ?? options[kind].held ?? [], itemId, checked),
    }))

  const discard = () => {
    setDraft(EMPTY_DRAFT)
    setErrors({})
    setBanner(undefined)
  }

  /** Answers whether the profile was saved; on a failure says why and keeps the edits. */
  const saveProfile = async (changes: UpdateUserRequest): Promise<boolean> => {
    try {
      const saved = await unwrap(admin().users.update({ id, changes, etag: loaded.etag }))
      client.setQueryData(queryKeys.user(id), saved)
      setDraft((current) => ({ ...current, profile: {} }))
      void client.invalidateQueries({ queryKey: queryKeys.users, refetchType: 'none' })
      return true
    } catch (error) {
      if (error instanceof BridgeFailure && error.status === 412) {
        setConflict(true)
        return false
      }
      const { message, inline } = userDetailsError(error)
      setBanner(message)
      if (inline) setErrors((current) => ({ ...current, [inline.field]: inline.message }))
      return false
    }
  }

  /** Saves one kind's difference; answers what did not apply, if anything. */
  const saveChoice = async (kind: AssignmentKind): Promise<string | undefined> => {
    const held = options[kind].held
    const picked = draft[kind]
    if (!held || !picked || !changedKinds.includes(kind)) return undefined
    try {
      await savers[kind].mutateAsync({
        original: held,
        chosen: picked,
        nameOf: options[kind].nameOf,
      })
      setDraft((current) => ({ ...current, [kind]: undefined }))
      return undefined
    } catch (error) {
      return errorMessage(error, `Failed to save ${kind}`)
    }
  }

  const save = async () => {
    if (!dirty || saving) return
    setBanner(undefined)
    let changes: UpdateUserRequest | undefined
    if (edited.length > 0) {
      const checked = updateUserSchema.safeParse(values)
      if (!checked.success) {
        const found = fieldErrors(checked.error)
        setErrors(found)
        const first = (Object.keys(found) as ProfileField[])[0]
        if (first) document.getElementById(profileInputId(first))?.focus()
        return
      }
      changes = checked.data
    }
    setSaving(true)
    try {
      // The profile goes first: if it is refused, nothing else is saved and all stays to fix.
      if (changes && !(await saveProfile(changes))) return
      const failures = await Promise.all(KINDS.map(saveChoice))
      const failed = failures.filter((message): message is string => message !== undefined)
      if (failed.length > 0) setBanner(failed.join('; '))
      else notify(CHANGES_SAVED)
    } finally {
      setSaving(false)
    }
  }

  /** After a 412: the current version replaces the edits. */
  const reload = async () => {
    setReloading(true)
    try {
      const current = await unwrap(admin().users.get({ id }))
      await Promise.all(KINDS.map((kind) => options[kind].refetchHeld()))
      client.setQueryData(queryKeys.user(id), current)
      setDraft(EMPTY_DRAFT)
      setErrors({})
      setBanner(undefined)
      setConflict(false)
    } catch (error) {
      setBanner(userDetailsError(error).message)
    } finally {
      setReloading(false)
    }
  }

  return {
    values,
    edited,
    errors,
    banner,
    dismissBanner: () => setBanner(undefined),
    conflict,
    dirty,
    saving,
    reloading,
    options,
    chosen,
    change,
    toggle,
    discard,
    save,
    reload,
  }
}

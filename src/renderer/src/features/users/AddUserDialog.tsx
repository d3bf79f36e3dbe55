import { useId, type FormEvent } from 'react'
import { Dialog } from '../../components/Dialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { TextField } from '../../components/TextField'
import { errorMessage } from '../../lib/query'
import type { MessageId } from '@shared/i18n/catalogues'
import { useText } from '../../lib/text'
import { useForm } from '../../lib/useForm'
import {
  checkNewUser,
  EMPTY_NEW_USER,
  newUserFieldFailure,
  type NewUserFields,
  type NewUserTextField,
} from './new-user'
import { useCreateUser, type CreatedUser } from './useCreateUser'

/** In the order of SPEC.md section 2. */
const TEXT_FIELDS: { field: NewUserTextField; label: MessageId }[] = [
  { field: 'username', label: 'users.fieldUsername' },
  { field: 'email', label: 'users.fieldEmail' },
  { field: 'password', label: 'users.fieldPassword' },
  { field: 'firstName', label: 'users.fieldFirstName' },
  { field: 'lastName', label: 'users.fieldLastName' },
  { field: 'phoneNumber', label: 'users.fieldPhoneNumber' },
]

/**
 * The Add New User modal (SPEC.md section 2). Rendered only while open, so it starts empty each
 * time; a failed save keeps everything typed and says why inside the dialog.
 */
export function AddUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (created: CreatedUser) => void
}) {
  const t = useText()
  const formId = useId()
  // The save's failure and progress are the mutation's: the form holds the fields and their errors.
  const form = useForm<NewUserFields>(EMPTY_NEW_USER)
  const { values: fields, errors, change: edit } = form
  const create = useCreateUser()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkNewUser(fields)
    if (!checked.ok) {
      form.setErrors(checked.errors)
      const first = TEXT_FIELDS.find(({ field }) => checked.errors[field])
      if (first) document.getElementById(`${formId}-${first.field}`)?.focus()
      return
    }
    create.mutate(checked, {
      onSuccess: onCreated,
      onError: (error) => {
        const inline = newUserFieldFailure(error)
        if (inline) form.setFieldError(inline.field, inline.message)
      },
    })
  }

  const input = (field: NewUserTextField, label: MessageId) => (
    <TextField
      key={field}
      id={`${formId}-${field}`}
      label={t(label)}
      value={fields[field]}
      onChange={(value) => edit(field, value)}
      error={errors[field]}
      type={field === 'password' ? 'password' : field === 'email' ? 'email' : 'text'}
      autoComplete={field === 'password' ? 'new-password' : 'off'}
    />
  )

  const statusId = `${formId}-active`
  return (
    <Dialog
      title={t('users.addUserTitle')}
      onClose={onClose}
      className="add-user-dialog"
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {t('users.cancel')}
          </button>
          <button type="submit" form={formId} className="primary" disabled={create.isPending}>
            {t('users.saveUser')}
          </button>
        </>
      }
    >
      {create.isError && !newUserFieldFailure(create.error) && (
        <ErrorBanner message={errorMessage(create.error, t('users.createFailed'))} />
      )}
      <form id={formId} className="add-user-form" onSubmit={submit} noValidate>
        {TEXT_FIELDS.map(({ field, label }) => input(field, label))}
        <div className="form-field status-field">
          <input
            id={statusId}
            type="checkbox"
            role="switch"
            checked={fields.active}
            aria-labelledby={`${statusId}-label`}
            aria-describedby={`${statusId}-text`}
            onChange={(event) => edit('active', event.target.checked)}
          />
          <label id={`${statusId}-label`} htmlFor={statusId}>
            {t('users.fieldStatus')}
          </label>
          {/* What the switch means flips it too, as a click on the switch does. */}
          <label id={`${statusId}-text`} htmlFor={statusId} className="status-text">
            {t(fields.active ? 'users.willBeActive' : 'users.willBeInactive')}
          </label>
        </div>
      </form>
    </Dialog>
  )
}

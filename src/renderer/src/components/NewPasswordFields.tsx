import type { FieldErrors } from '@shared/validation'
import { useText } from '../lib/text'
import { TextField } from './TextField'

type NewPassword = { newPassword: string; confirmPassword: string }

/** New Password and Confirm Password, as Reset Password, Choose a New Password and Change Password ask for them. */
export function NewPasswordFields({
  values,
  errors,
  change,
  autoFocus = false,
}: {
  values: NewPassword
  errors: FieldErrors<NewPassword>
  change: (field: keyof NewPassword, value: string) => void
  autoFocus?: boolean
}) {
  const t = useText()
  return (
    <>
      <TextField
        id="new-password"
        label={t('passwords.newPassword')}
        type="password"
        value={values.newPassword}
        onChange={(value) => change('newPassword', value)}
        error={errors.newPassword}
        autoComplete="new-password"
        {...(autoFocus ? { inputProps: { autoFocus: true } } : {})}
      />
      <TextField
        id="confirm-password"
        label={t('passwords.confirmPassword')}
        type="password"
        value={values.confirmPassword}
        onChange={(value) => change('confirmPassword', value)}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  )
}

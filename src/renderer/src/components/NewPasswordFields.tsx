import type { FieldErrors } from '@shared/validation'
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
  return (
    <>
      <TextField
        id="new-password"
        label="New Password"
        type="password"
        value={values.newPassword}
        onChange={(value) => change('newPassword', value)}
        error={errors.newPassword}
        autoComplete="new-password"
        {...(autoFocus ? { inputProps: { autoFocus: true } } : {})}
      />
      <TextField
        id="confirm-password"
        label="Confirm Password"
        type="password"
        value={values.confirmPassword}
        onChange={(value) => change('confirmPassword', value)}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  )
}

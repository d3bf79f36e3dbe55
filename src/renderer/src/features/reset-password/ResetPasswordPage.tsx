/** Placeholder: the screen of SPEC.md section 2 arrives with its feature work. */
export function ResetPasswordPage() {
  return <p>Reset password</p>
}

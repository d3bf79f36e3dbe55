/** Placeholder: the screen of SPEC.md section 2 arrives with its feature work. */
export function UserDetailsPage() {
  return <p>User details</p>
}

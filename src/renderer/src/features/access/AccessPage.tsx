/** Placeholder: the screen of SPEC.md section 2 arrives with its feature work. */
export function AccessPage() {
  return <p>Roles and groups</p>
}

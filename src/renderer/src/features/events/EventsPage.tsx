/** Placeholder: the screen of SPEC.md section 2 arrives with its feature work. */
export function EventsPage() {
  return <p>Events</p>
}

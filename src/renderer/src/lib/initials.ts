/** Avatar initials: first letters of the first and last name, at most 2 (SPEC.md section 9). */
export function initials(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => name.trim().charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 2)
}

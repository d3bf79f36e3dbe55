/**
 * Role and group assignment is saved as the difference between what the user held and what
 * the administrator chose (SPEC.md section 4): the added ids are added, the removed ones
 * removed, all in parallel, and whatever failed is reported by name.
 */
export interface AssignmentDiff {
  add: number[]
  remove: number[]
}

export function assignmentDiff(
  original: Iterable<number>,
  chosen: Iterable<number>,
): AssignmentDiff {
  const before = new Set(original)
  const after = new Set(chosen)
  return {
    add: [...after].filter((id) => !before.has(id)).sort((a, b) => a - b),
    remove: [...before].filter((id) => !after.has(id)).sort((a, b) => a - b),
  }
}

/**
 * A diff whose additions also give again, with their new end, the roles or groups held whose
 * end was changed (`until`: the end chosen for each id given or changed; issue 57).
 */
export function withEndChanges(
  diff: AssignmentDiff,
  until: ReadonlyMap<number, string | null>,
): AssignmentDiff {
  const removed = new Set(diff.remove)
  const add = new Set([...diff.add, ...[...until.keys()].filter((id) => !removed.has(id))])
  return { add: [...add].sort((a, b) => a - b), remove: diff.remove }
}

/** A checkbox list's chosen ids after one box changes; the given list is left as it is. */
export function toggleId(ids: readonly number[], id: number, checked: boolean): number[] {
  const rest = ids.filter((other) => other !== id)
  return checked ? [...rest, id] : rest
}

export interface AssignmentFailure {
  id: number
  change: 'add' | 'remove'
  message: string
}

type Outcome = { ok: true } | { ok: false; error: { message: string } }

/** Applies a diff with the given calls, in parallel; answers the changes that did not apply. */
export async function applyAssignmentDiff(
  diff: AssignmentDiff,
  calls: { add(id: number): Promise<Outcome>; remove(id: number): Promise<Outcome> },
): Promise<AssignmentFailure[]> {
  const attempts = [
    ...diff.add.map((id) => ({ id, change: 'add' as const, run: () => calls.add(id) })),
    ...diff.remove.map((id) => ({ id, change: 'remove' as const, run: () => calls.remove(id) })),
  ]
  const outcomes = await Promise.all(
    attempts.map(async ({ id, change, run }) => {
      try {
        const outcome = await run()
        return outcome.ok ? undefined : { id, change, message: outcome.error.message }
      } catch (error) {
        return { id, change, message: error instanceof Error ? error.message : String(error) }
      }
    }),
  )
  return outcomes.filter((failure): failure is AssignmentFailure => failure !== undefined)
}

/** "Could not add ADMIN (…); could not remove AUDITOR (…)": which changes did not apply. */
export function describeAssignmentFailures(
  failures: AssignmentFailure[],
  nameOf: (id: number) => string,
): string {
  return failures
    .map((failure) => `could not ${failure.change} ${nameOf(failure.id)} (${failure.message})`)
    .join('; ')
    .replace(/^c/, 'C')
}

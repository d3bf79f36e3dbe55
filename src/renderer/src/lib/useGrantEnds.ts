import { useState } from 'react'
import { untilOf, type EndChoice } from '@shared/grant-ends'

const KEEP: EndChoice = { kind: 'keep' }
const NONE: EndChoice = { kind: 'none' }

/** Whether a choice gives an end (a preset or a date and time), so that a reason goes with it. */
export const endsAt = (choice: EndChoice) => choice.kind === 'preset' || choice.kind === 'at'

/**
 * The "Until" chosen for each role or group of one user's list and the reason (issue 57): a held
 * one keeps its end unless another is chosen, one newly ticked has none unless one is chosen.
 */
export function useGrantEnds(heldEnds: ReadonlyMap<number, string | null>) {
  const [choices, setChoices] = useState<ReadonlyMap<number, EndChoice>>(new Map())
  const [reason, setReason] = useState('')
  const choiceOf = (id: number) => choices.get(id) ?? (heldEnds.has(id) ? KEEP : NONE)
  const givenOrChanged = (chosen: readonly number[]) =>
    chosen.filter((id) => !heldEnds.has(id) || choiceOf(id).kind !== 'keep')
  return {
    choiceOf,
    choose: (id: number, choice: EndChoice) =>
      setChoices((current) => new Map(current).set(id, choice)),
    reason,
    setReason,
    /** Whether a ticked one is given an end, and so asks for a reason. */
    asksReason: (chosen: readonly number[]) => chosen.some((id) => endsAt(choiceOf(id))),
    /** Whether the end of a held one, still ticked, is changed. */
    endChanged: (chosen: readonly number[]) =>
      chosen.some((id) => heldEnds.has(id) && choiceOf(id).kind !== 'keep'),
    /** The end each ticked one given or changed is sent with (null: none), at `now`. */
    untilFor(chosen: readonly number[], now: number): Map<number, string | null> {
      return new Map(givenOrChanged(chosen).map((id) => [id, untilOf(choiceOf(id), now) ?? null]))
    },
    reset() {
      setChoices(new Map())
      setReason('')
    },
  }
}

export type GrantEnds = ReturnType<typeof useGrantEnds>

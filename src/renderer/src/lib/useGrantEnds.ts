import { useState } from 'react'
import {
  endsAt,
  GRANT_END_IN_PAST,
  GRANT_REASON_REQUIRED,
  grantEndProblems,
  untilOf,
  type EndChoice,
  type GrantEndProblems,
} from '@shared/grant-ends'
import { refusalWords } from './refusal-words'

/** The codes of the problems the server refuses alike, to word them in the console's language. */
const CODES = new Map<string, string>([
  [GRANT_END_IN_PAST, 'grant_end_in_past'],
  [GRANT_REASON_REQUIRED, 'grant_reason_required'],
])

/** A problem in the console's language, when it has words for it (issue 59). */
const worded = (message: string | undefined) =>
  message === undefined ? undefined : refusalWords({ message, code: CODES.get(message) })

const KEEP: EndChoice = { kind: 'keep' }
const NONE: EndChoice = { kind: 'none' }

/**
 * The reason that goes with chosen ends, and what is wrong with them (issue 57): checked when
 * they are to be sent, so that nothing is sent before every end is in the future and has its
 * reason. One for each list of grants and for a bulk grant alike.
 */
export function useEndCheck() {
  const [reason, setReason] = useState('')
  const [problems, setProblems] = useState<GrantEndProblems>({})
  return {
    reason,
    setReason,
    problems,
    /** Whether `ends` (null: none) and the reason can be sent at `now`; shows why not if not. */
    check(ends: readonly (string | null)[], now: number): boolean {
      const found = grantEndProblems(ends, reason, now)
      setProblems({ until: worded(found.until), reason: worded(found.reason) })
      return !found.until && !found.reason
    },
    reset() {
      setReason('')
      setProblems({})
    },
  }
}

export type EndCheck = ReturnType<typeof useEndCheck>

/**
 * The "Until" chosen for each role or group of one user's list and the reason (issue 57): a held
 * one keeps its end unless another is chosen, one newly ticked has none unless one is chosen.
 */
export function useGrantEnds(heldEnds: ReadonlyMap<number, string | null>) {
  const [choices, setChoices] = useState<ReadonlyMap<number, EndChoice>>(new Map())
  const endCheck = useEndCheck()
  const choiceOf = (id: number) => choices.get(id) ?? (heldEnds.has(id) ? KEEP : NONE)
  const givenOrChanged = (chosen: readonly number[]) =>
    chosen.filter((id) => !heldEnds.has(id) || choiceOf(id).kind !== 'keep')
  /** The end each ticked one given or changed is sent with (null: none), at `now`. */
  const untilFor = (chosen: readonly number[], now: number): Map<number, string | null> =>
    new Map(givenOrChanged(chosen).map((id) => [id, untilOf(choiceOf(id), now) ?? null]))
  return {
    endCheck,
    choiceOf,
    choose: (id: number, choice: EndChoice) =>
      setChoices((current) => new Map(current).set(id, choice)),
    /** Whether a ticked one is given an end, and so asks for a reason. */
    asksReason: (chosen: readonly number[]) => chosen.some((id) => endsAt(choiceOf(id))),
    /** Whether the end of a held one, still ticked, is changed. */
    endChanged: (chosen: readonly number[]) =>
      chosen.some((id) => heldEnds.has(id) && choiceOf(id).kind !== 'keep'),
    untilFor,
    /**
     * The ends of the ticked ones to send at `now` (see `untilFor`), or undefined, with what is
     * wrong shown, when they cannot be sent.
     */
    checkedUntil(chosen: readonly number[], now: number): Map<number, string | null> | undefined {
      const until = untilFor(chosen, now)
      return endCheck.check([...until.values()], now) ? until : undefined
    },
    reset() {
      setChoices(new Map())
      endCheck.reset()
    },
  }
}

export type GrantEnds = ReturnType<typeof useGrantEnds>

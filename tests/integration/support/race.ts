import type { Reply, TestServer } from './server'

/**
 * Whether requests sent at once run at once: on PostgreSQL they do, each transaction on a
 * connection of its own; PGlite runs one statement at a time, so a race there is a smoke test.
 */
export const RACES_OVERLAP = process.env.TEST_DATABASE === 'postgres'

/** More than either of the server's connection pools holds (10 at most each). */
const WARM_CONNECTIONS = 12

/** Long enough that every warming query holds its connection while the others open theirs. */
const HOLD = 'SELECT pg_sleep(0.05)'

/**
 * Opens every database connection the server may use, and as many HTTP connections to it. On a
 * cold pool the requests of a race queue while connections open one by one, and barely overlap:
 * a check without its lock then passes anyway.
 */
export async function warm(server: TestServer, token: string): Promise<void> {
  if (RACES_OVERLAP) {
    const { db } = server.built.context
    await Promise.all(
      Array.from({ length: WARM_CONNECTIONS }, () => [
        db.transaction((tx) => tx.query(HOLD)),
        db.query(HOLD, [], { prepare: true }),
      ]).flat(),
    )
  }
  const replies = await Promise.all(
    Array.from({ length: WARM_CONNECTIONS }, () => server.request('GET', '/auth/me', { token })),
  )
  const failed = replies.find((reply) => reply.status !== 200)
  if (failed) throw new Error(`warming failed: ${failed.status} ${JSON.stringify(failed.body)}`)
}

export interface RaceSpec<Stage, Settled> {
  /** Rounds on PostgreSQL; PGlite runs one. */
  rounds: number
  /** A token of an administrator, for warming. */
  token: string
  /** Sets the stage of one round, before any of its requests is sent. */
  stage: (round: number) => Promise<Stage>
  /** The requests of one round: all sent at once. */
  contenders: (stage: Stage) => Array<() => Promise<Reply>>
  /**
   * Reads what a round left, before the next one is staged: needed when rounds share what they
   * change (the state after the last round says nothing of the first).
   */
  settle?: (stage: Stage, replies: Reply[]) => Promise<Settled>
}

export interface RaceRound<Stage, Settled> {
  stage: Stage
  /** In the order of the contenders. */
  replies: Reply[]
  /** What `settle` read right after this round. */
  settled: Settled
}

/**
 * Runs a race: warms the server, then, round after round, sets the stage, sends every
 * contender's request at once, and settles the round. Answers each round's stage, replies and
 * what settling read, for the test to check what must hold whoever wins.
 */
export async function race<Stage, Settled = undefined>(
  server: TestServer,
  spec: RaceSpec<Stage, Settled>,
): Promise<RaceRound<Stage, Settled>[]> {
  await warm(server, spec.token)
  const rounds: RaceRound<Stage, Settled>[] = []
  for (let round = 0; round < (RACES_OVERLAP ? spec.rounds : 1); round += 1) {
    const stage = await spec.stage(round)
    const replies = await Promise.all(spec.contenders(stage).map((send) => send()))
    const settled = (await spec.settle?.(stage, replies)) as Settled
    rounds.push({ stage, replies, settled })
  }
  return rounds
}

/** The statuses of a round's replies, in ascending order: what a round is usually checked by. */
export const statuses = (replies: Reply[]) => replies.map((reply) => reply.status).sort()

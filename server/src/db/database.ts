/** What the queries need of a database: the same surface for PGlite and PostgreSQL. */
export interface QueryOptions {
  /**
   * Plan the statement once per connection, for any values, and reuse the plan: for the fixed
   * statements made on every request (who is calling, the totals), the list's pages without a
   * search and the writes of one user (the `UPDATE` of users, with its indexes and triggers),
   * where planning costs more than running. Never for statements whose best plan depends on their
   * values (a search).
   */
  prepare?: boolean
}

export interface Queryable {
  query<T extends object>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * The rows of one statement a batch of `batchRows` at a time, through a cursor on a connection
   * of its own: one snapshot, one plan, nothing held in memory but a batch. Absent where the
   * store has a single connection to share (PGlite), which a long export must not hold.
   */
  streamRows?<T extends object>(
    text: string,
    params: readonly unknown[],
    batchRows: number,
  ): AsyncGenerator<T[]>
  /**
   * The connections of its pools: open, idle among them, and requests waiting for one. Absent
   * where there is one connection in this process (PGlite).
   */
  poolUse?(): { open: number; idle: number; waiting: number }
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** What the queries need of a database: the same surface for PGlite and PostgreSQL. */
export interface QueryOptions {
  /**
   * Plan the statement once per connection and reuse the plan: for the fixed statements made on
   * every request (who is calling, the totals), where planning costs more than running. Never for
   * statements whose best plan depends on their values (a search, an offset).
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
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** What the queries need of a database: the same surface for PGlite and PostgreSQL. */
export interface Queryable {
  query<T extends object>(text: string, params?: readonly unknown[]): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

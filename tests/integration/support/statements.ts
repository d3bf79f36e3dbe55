import type { Queryable } from '../../../server/src/db/database'

/**
 * `db` as a fresh caller sees it (nothing kept by the list's counts and anchors, which are kept
 * per database object), recording the text of every statement run through it.
 */
export function recordingStatements(db: Queryable): { db: Queryable; statements: string[] } {
  const statements: string[] = []
  return {
    statements,
    db: {
      query: (text, params, options) => {
        statements.push(text)
        return db.query(text, params, options)
      },
      exec: (script) => db.exec(script),
    },
  }
}

import {
  codedRefusal,
  refusalMessage,
  type CodedRefusal,
  type RefusalArgs,
  type RefusalCode,
} from '@shared/contract'

/**
 * Why the data layer refuses a read or a change, in its own terms:
 * - `missing`: what it was asked for does not exist;
 * - `clash`: the change would break a rule of the data (a name taken, no administrator left);
 * - `invalid`: the request names what the data cannot hold (an unknown id to link, a cursor this
 *   server did not give).
 * The code and message are meant for the client; what the refusal means in HTTP is the routes' concern
 * (`databaseFailure` in errors.ts).
 */
export type RefusalReason = 'missing' | 'clash' | 'invalid'

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly refused: CodedRefusal,
  ) {
    super(refusalMessage(refused))
  }
}

const refusalOf =
  (reason: RefusalReason) =>
  <C extends RefusalCode>(code: C, ...args: RefusalArgs<C>) =>
    new Refusal(reason, codedRefusal(code, ...args))

export const missing = refusalOf('missing')
export const clash = refusalOf('clash')
export const invalid = refusalOf('invalid')

/** SQLSTATE of a unique index refusing a duplicate: a clash the database itself caught. */
export const UNIQUE_VIOLATION = '23505'

export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION

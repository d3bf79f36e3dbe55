import { dictionary } from '@zxcvbn-ts/language-common'
import {
  codedRefusal,
  PASSWORD_REJECTED,
  refusalMessage,
  type RefusalParams,
} from '@shared/contract'
import { refusalError } from '../errors'

/** Which rule a new password breaks: the params of its refusal. */
type PasswordProblem = RefusalParams<typeof PASSWORD_REJECTED>

/** Said of a common password and of one built on its holder's name alike (issue 30). */
const TOO_COMMON: PasswordProblem = { rule: 'too_common' }

/**
 * Shorter names or local parts are not looked for in a password: "al" would forbid half the
 * words there are. The same bound as a login identifier's.
 */
const MIN_IDENTITY_PART_LENGTH = 3

/**
 * The zxcvbn-ts list of common passwords (about 49,000, most used first, lower case), all of
 * them, far beyond the 10,000 ASVS 6.2.4 asks for; made a Set on first use.
 */
let commonPasswords: Set<string> | undefined
function isCommon(password: string) {
  commonPasswords ??= new Set(dictionary['passwords-common'])
  return commonPasswords.has(password)
}

/** Whose password it is: what it must not contain. */
export interface PasswordHolder {
  username: string
  email: string
}

const comparable = (text: string) => text.normalize('NFC').toLowerCase()

/**
 * Why a new password is refused, or undefined when it may be set (ASVS 5.0 section 6.2): too
 * short for the server's minimum, one of the most common passwords, or containing the
 * holder's username or the local part of their email. No composition rules: length and
 * rarity are what make a password hard to guess. Applied when a password is set, never at
 * sign-in, so a password set before a rule still signs in.
 */
export function passwordProblem(
  password: string,
  holder: PasswordHolder,
  minLength: number,
): PasswordProblem | undefined {
  if (password.length < minLength) return { rule: 'too_short', minLength }
  const candidate = comparable(password)
  if (isCommon(candidate)) return TOO_COMMON
  const identity = [holder.username, holder.email.split('@')[0] ?? '']
    .map(comparable)
    .filter((part) => part.length >= MIN_IDENTITY_PART_LENGTH)
  if (identity.some((part) => candidate.includes(part))) return TOO_COMMON
  return undefined
}

/**
 * Refuses a new password that breaks a rule: a 400 naming the field (`password` or
 * `newPassword`, as the request called it) with code password_rejected, which the console
 * shows on that field.
 */
export function assertAcceptablePassword(
  password: string,
  holder: PasswordHolder,
  minLength: number,
  field: 'password' | 'newPassword',
): void {
  const problem = passwordProblem(password, holder, minLength)
  if (problem === undefined) return
  const refused = codedRefusal(PASSWORD_REJECTED, problem)
  throw refusalError(400, refused, { details: [{ field, message: refusalMessage(refused) }] })
}

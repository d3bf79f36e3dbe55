import { randomBytes } from 'node:crypto'
import { hash, parseOptions, verify } from '@node-rs/argon2'

/** What a hash is made with: argon2id (the library's default algorithm) at these costs. */
interface HashCost {
  /** KiB of memory. */
  memoryCost: number
  /** Passes over it. */
  timeCost: number
  parallelism: number
}

/**
 * New hashes: 7 MiB, 5 passes, 1 lane, one of OWASP's equivalent minimums for argon2id and
 * Keycloak's default; about 30 % quicker here than 19 MiB and 2 passes (docs/PERFORMANCE.md).
 */
const CURRENT: HashCost = { memoryCost: 7_168, timeCost: 5, parallelism: 1 }

/**
 * Every cost passwords have been hashed at, the current first: 19 MiB and 2 passes until
 * 2026-11. Hashes of a former cost still verify; their holder's next sign-in hashes the password
 * again at the current one.
 */
const COSTS: readonly HashCost[] = [CURRENT, { memoryCost: 19_456, timeCost: 2, parallelism: 1 }]

const hashAt = (password: string, cost: HashCost) => hash(password.normalize('NFC'), cost)

/** A PHC string (`$argon2id$v=19$m=…`): the parameters travel with the hash. */
export function hashPassword(password: string): Promise<string> {
  return hashAt(password, CURRENT)
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFC'))
  } catch {
    return false
  }
}

/** Which of `COSTS` a stored hash was made at; -1 for none (not a hash, or made elsewhere). */
function costOf(stored: string): number {
  try {
    const made = parseOptions(stored)
    return COSTS.findIndex(
      (cost) =>
        made.memoryCost === cost.memoryCost &&
        made.timeCost === cost.timeCost &&
        made.parallelism === cost.parallelism,
    )
  } catch {
    return -1
  }
}

/** Compared against, one per cost, where a hash of that cost is not there to be. */
const decoys = new Map<HashCost, Promise<string>>()
function decoyAt(cost: HashCost): Promise<string> {
  let decoy = decoys.get(cost)
  if (!decoy) {
    decoy = hashAt(randomBytes(16).toString('hex'), cost)
    decoys.set(cost, decoy)
  }
  return decoy
}

/** The decoy of the current cost, for a check where the account is known to exist. */
export const decoyHash = () => decoyAt(CURRENT)

/** The work of verifying a hash of `cost`, which no password passes. */
async function workOfDecoy(password: string, cost: HashCost): Promise<false> {
  await verifyPassword(password, await decoyAt(cost))
  return false
}

export interface PasswordCheck {
  valid: boolean
  /** Valid, but hashed at a cost other than the current one: to be hashed again. */
  outdated: boolean
}

/**
 * A sign-in's check of a password against the account's stored hash, or against none when no
 * account has the name. It verifies one hash of each cost, the stored one in place of its
 * cost's decoy, so that its work tells nothing: not whether the account exists, nor whether it
 * has a password (an import's account may have none), nor how old its hash is. A hash of a
 * cost not in `COSTS` is verified besides.
 */
export async function checkPassword(
  password: string,
  stored: string | undefined,
): Promise<PasswordCheck> {
  const own = stored === undefined ? -1 : costOf(stored)
  const checks = COSTS.map((cost, index) =>
    index === own ? verifyPassword(password, stored!) : workOfDecoy(password, cost),
  )
  if (stored !== undefined && own === -1) checks.push(verifyPassword(password, stored))
  const valid = (await Promise.all(checks)).some(Boolean)
  return { valid, outdated: valid && own !== 0 }
}

/**
 * Stored for an account created without a password (a CSV import): no PHC string, so no
 * password verifies against it until the user sets one with a link or an administrator resets it.
 */
export const NO_PASSWORD_HASH = '!no-password'

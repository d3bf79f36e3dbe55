import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app expects it: 6 digits, 30 s, SHA-1. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'Admin Console'
/** A code of the step before or after the current one is still accepted (clock drift). */
const WINDOW = 1

/** A new random secret (160 bits, as RFC 4226 recommends), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, accountName: string): string {
  return new TOTP({
    ...TOTP_SETTINGS,
    issuer: ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
  }).toString()
}

/** The time step a code belongs to, within one step of `now`; undefined for a wrong code. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | undefined {
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) })
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta
}

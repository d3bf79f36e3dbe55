import { randomInt } from 'node:crypto'

/** Letters and digits that cannot be mistaken for one another (no 0/O/o, 1/l/I, 5/S, 2/Z). */
const ALPHABET = 'ABCDEFGHJKLMNPQRTUVWXYabcdefghijkmnpqrstuvwxyz346789'
const GROUPS = 4
const GROUP_LENGTH = 4

/**
 * A temporary password an administrator can read out or paste: 16 characters from a 52-character
 * alphabet, uniformly from the OS's cryptographic random source (about 91 bits), in groups
 * of four joined by dashes. Longer than any password rule asks for.
 */
export function generateTemporaryPassword(): string {
  const groups: string[] = []
  for (let group = 0; group < GROUPS; group += 1) {
    let text = ''
    for (let n = 0; n < GROUP_LENGTH; n += 1) text += ALPHABET[randomInt(ALPHABET.length)]
    groups.push(text)
  }
  return groups.join('-')
}

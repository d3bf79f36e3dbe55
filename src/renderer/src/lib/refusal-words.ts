import { IntlMessageFormat } from 'intl-messageformat'
import type { Invoke } from '@shared/bridge'
import type { BridgeError } from '@shared/result'
import type { RefusalWords } from '@shared/i18n/catalogues'

/** The words in force and the tag they format with: the console's language sets them. */
let inForce: { refusals: RefusalWords; tag: string } = { refusals: {}, tag: 'en-US' }

export function wordRefusalsWith(refusals: RefusalWords, tag: string): void {
  inForce = { refusals, tag }
}

/** Unicode's first-strong isolate and its end: Latin values keep their order in Arabic text. */
const isolate = (chunks: string[]) => `\u2068${chunks.join('')}\u2069`

/**
 * A refusal in the console's language (issue 59, item 5): the translation of its code, naming
 * its params, when the console has one; else the server's message as sent, which is English
 * from our server and whatever another server of the contract says.
 */
export function refusalWords(error: BridgeError): string {
  const words = error.code === undefined ? undefined : inForce.refusals[error.code]
  if (words === undefined) return error.message
  try {
    const text = new IntlMessageFormat(words, inForce.tag).format<string>({
      ...error.params,
      bdi: isolate,
    })
    return Array.isArray(text) ? text.join('') : text
  } catch {
    // A refusal without the params its words name (another server's) keeps its own message.
    return error.message
  }
}

/** `invoke` with every refusal worded by `refusalWords`. */
export const translatingRefusals =
  (invoke: Invoke): Invoke =>
  async (channel, input) => {
    const result = await invoke(channel, input)
    if (result.ok) return result
    const message = refusalWords(result.error)
    return message === result.error.message
      ? result
      : { ...result, error: { ...result.error, message } }
  }

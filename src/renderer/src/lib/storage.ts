/** Browser storage of the console's preferences; every key is prefixed "app:" (SPEC.md section 9). */
export const STORAGE_PREFIX = 'app:'

export function readStored(key: string): unknown {
  try {
    const text = localStorage.getItem(STORAGE_PREFIX + key)
    return text === null ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage full or disabled: the preference lasts for this run only.
  }
}

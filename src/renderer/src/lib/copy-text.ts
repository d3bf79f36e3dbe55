/** What a Copy button says once pressed: done, or `failure`, how to copy by hand. */
export async function copyText(text: string, failure: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text)
    return 'Copied to the clipboard.'
  } catch {
    return failure
  }
}

import type { Translate } from '@shared/i18n/catalogues'

/** What a Copy button says once pressed: done, or `failure`, how to copy by hand. */
export async function copyText(t: Translate, text: string, failure: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text)
    return t('components.copied')
  } catch {
    return failure
  }
}

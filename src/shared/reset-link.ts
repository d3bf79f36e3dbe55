/** The custom scheme of the e-mailed reset link (the server's default RESET_LINK_BASE). */
export const DEEP_LINK_SCHEME = 'admin-console'

/** The longest token worth reading; ours are 43 characters. */
const MAX_TOKEN_LENGTH = 512
const TOKEN = /^[A-Za-z0-9_~.+/=-]+$/

/**
 * The reset token in what the administrator pasted: the whole link (any base, with
 * `?token=…`) or the bare token. Answers '' when there is none.
 */
export function resetTokenFrom(text: string): string {
  const trimmed = text.trim()
  let candidate = trimmed
  if (trimmed.includes('token=')) {
    const query = trimmed.slice(trimmed.indexOf('?') + 1)
    candidate = new URLSearchParams(query).get('token') ?? ''
  }
  candidate = candidate.trim()
  return candidate.length <= MAX_TOKEN_LENGTH && TOKEN.test(candidate) ? candidate : ''
}

/**
 * The renderer route an `admin-console://` link opens, or null for anything else: only the
 * reset link is honoured, with its token re-encoded so nothing else rides along.
 */
export function deepLinkRoute(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null
  const target = (url.host + url.pathname).replace(/\/+$/, '')
  if (target !== 'reset-password') return null
  const token = resetTokenFrom(url.searchParams.get('token') ?? '')
  return token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'
}

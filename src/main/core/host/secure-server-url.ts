/** Hosts that never leave this computer: plain http to them exposes nothing on a network. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * The server URL, refused when it would send passwords and tokens over the network in the
 * clear: a remote server must be https://; http:// is allowed only for a loopback address.
 */
export function requireSecureServerUrl(serverUrl: string): string {
  const url = new URL(serverUrl)
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    return serverUrl
  throw new Error(
    `The server ${serverUrl} must be reached over https://. Plain http:// is allowed only for this computer (localhost, 127.0.0.1, [::1]).`,
  )
}

import { request as httpRequest } from 'node:http'

/** What a server answered to a request sent from a chosen client address. */
export interface AddressedReply {
  status: number
  body: any
  retryAfter: string | undefined
}

/**
 * A JSON POST to `url` + `path` sent from the loopback address `from` (127.0.0.1 to
 * 127.255.255.254 all reach a server on 127.0.0.1), as a client elsewhere would be seen.
 */
export function postFrom(url: string, from: string, path: string, body: unknown) {
  const text = JSON.stringify(body)
  return new Promise<AddressedReply>((resolve, reject) => {
    const sent = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (response) => {
        let answer = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (answer += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            body: answer ? JSON.parse(answer) : undefined,
            retryAfter: response.headers['retry-after'],
          }),
        )
      },
    )
    sent.on('error', reject)
    sent.end(text)
  })
}

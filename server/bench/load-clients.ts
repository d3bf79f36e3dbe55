import net from 'node:net'

/** What `npm run bench:users` asks of its clients: `clients` at once, each in turn, for `seconds`. */
export interface LoadOrder {
  port: number
  authorization: string
  queries: string[]
  clients: number
  seconds: number
}

export interface LoadResult {
  times: number[]
  errors: number
}

const HEADER_END = Buffer.from('\r\n\r\n')

/**
 * One kept-alive HTTP/1.1 connection asking its requests in turn, as a load generator such as wrk
 * does: each request written whole, each answer read by its Content-Length. The clients share the
 * server's cores, as they would not on other machines: node:http's client took 0.13-0.15 ms of
 * CPU a request from the server under test, this takes about 0.06 ms.
 */
function connection(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true })
  let received: Buffer = Buffer.alloc(0)
  let answer: ((status: number) => void) | undefined
  let fail: ((error: Error) => void) | undefined
  socket.on('data', (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk])
    const end = received.indexOf(HEADER_END)
    if (end < 0) return
    const head = received.toString('latin1', 0, end)
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
    if (!length) return fail?.(new Error(`an answer without Content-Length: ${head}`))
    const size = end + HEADER_END.length + Number(length[1])
    if (received.length < size) return
    received = received.subarray(size)
    answer?.(Number(head.slice(9, 12)))
  })
  socket.on('error', (error) => fail?.(error))
  // An answer still awaited when the server closes the connection would otherwise never come.
  socket.on('close', () => fail?.(new Error('the server closed the connection')))
  return {
    get(request: Buffer) {
      return new Promise<number>((resolve, reject) => {
        answer = resolve
        fail = reject
        socket.write(request)
      })
    },
    close: () => socket.destroy(),
  }
}

/**
 * The concurrent clients of `npm run bench:users`, in a process of their own as they would be on
 * other machines: on the server's thread they would take its time for their own work.
 */
async function run({ port, authorization, queries, clients, seconds }: LoadOrder) {
  const requests = queries.map((query) =>
    Buffer.from(
      `GET /api/admin/users?${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Authorization: ${authorization}\r\n\r\n`,
    ),
  )
  const result: LoadResult = { times: [], errors: 0 }
  let turn = 0
  const ends = performance.now() + seconds * 1000
  const client = async () => {
    const http = connection(port)
    try {
      while (performance.now() < ends) {
        const request = requests[turn++ % requests.length]!
        const started = performance.now()
        const status = await http.get(request)
        result.times.push(performance.now() - started)
        if (status !== 200) result.errors += 1
      }
    } finally {
      http.close()
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return result
}

process.once('message', (order: LoadOrder) => {
  void run(order).then((result) => process.send?.(result))
})

import http from 'node:http'

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

/**
 * The concurrent clients of `npm run bench:users`, in a process of their own as they would be on
 * other machines: on the server's thread they would take its time for their own work. node:http
 * with kept-alive sockets, as a load generator would (fetch costs about as much CPU per request
 * as the server does).
 */
async function run({ port, authorization, queries, clients, seconds }: LoadOrder) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
  const get = (query: string) =>
    new Promise<number>((resolve, reject) => {
      const path = `/api/admin/users?${query}`
      http
        .get({ host: '127.0.0.1', port, path, headers: { authorization }, agent }, (reply) => {
          reply.resume()
          reply.on('end', () => resolve(reply.statusCode ?? 0))
          reply.on('error', reject)
        })
        .on('error', reject)
    })
  const result: LoadResult = { times: [], errors: 0 }
  let turn = 0
  const ends = performance.now() + seconds * 1000
  const client = async () => {
    while (performance.now() < ends) {
      const query = queries[turn++ % queries.length]!
      const started = performance.now()
      const status = await get(query)
      result.times.push(performance.now() - started)
      if (status !== 200) result.errors += 1
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  agent.destroy()
  return result
}

process.once('message', (order: LoadOrder) => {
  void run(order).then((result) => process.send?.(result))
})

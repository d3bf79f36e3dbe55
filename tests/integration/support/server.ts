import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { buildServer, type BuiltServer } from '../../../server/src/app'
import { loadConfig } from '../../../server/src/config'
import type { CreateUserRequest, User } from '@shared/contract'
import { movableClock, type MovableClock } from './clock'
import { createTestDatabase } from './database'

export const ADMIN = { username: 'root', email: 'root@example.com', password: 'root-password-1' }

export interface Reply<T = any> {
  status: number
  body: T
  headers: Headers
}

export interface RequestOptions {
  token?: string
  body?: unknown
  /** Sent as it is, instead of JSON of `body`. */
  raw?: string
  headers?: Record<string, string>
}

/** A real server on 127.0.0.1, its own database and mail outbox, and a small HTTP client for it. */
export interface TestServer {
  url: string
  built: BuiltServer
  outbox: string
  /** The server's clock of access tokens: moved forward, their lifetimes pass at once. */
  clock: MovableClock
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Reply<T>>
  /** Any answer: a grant on success, an error body otherwise. */
  login(username: string, password: string): Promise<Reply>
  /** Signs in and answers the access token; throws when that fails. */
  token(username?: string, password?: string): Promise<string>
  createUser(token: string, overrides?: Partial<CreateUserRequest>): Promise<User>
  /** A fresh user without administrator rights, and the password it signs in with. */
  member(token: string): Promise<{ user: User; password: string }>
  /** A fresh member, signed in: the user, its password, and the tokens and session it got. */
  signedInMember(token: string): Promise<{ user: User; password: string; grant: Grant }>
  /** The token of the newest reset link mailed to `email`. */
  resetToken(email: string): Promise<string>
  close(): Promise<void>
}

/** What a successful sign-in answers. */
export interface Grant {
  accessToken: string
  refreshToken: string
  sessionId: string
}

let counter = 0

/** A user payload that passes every rule; `tag` keeps usernames and emails distinct. */
export function newUser(overrides: Partial<CreateUserRequest> = {}): CreateUserRequest {
  counter += 1
  const tag = `${process.pid}x${counter}`
  return {
    username: `user${tag}`,
    email: `user${tag}@example.com`,
    password: 'secret-123',
    firstName: 'Test',
    lastName: `User${tag}`,
    phoneNumber: '+971 50 000 0000',
    ...overrides,
  }
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase()
  const outbox = await mkdtemp(path.join(tmpdir(), 'admin-console-outbox-'))
  const clock = movableClock()
  const loaded = loadConfig({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MAIL_OUTBOX_DIR: outbox,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '10000',
    REFRESH_RATE_LIMIT_PER_MINUTE: '10000',
    RESET_LINK_BASE: 'admin-console://reset-password',
    // The tests sign administrators in by password; those of the second factor ask for `admins`.
    MFA_REQUIRED: 'none',
    ...database.env,
    ...env,
  })
  const config = { ...loaded, clock }
  // A test that names its own store (a data directory on disk) gets it, not the template's copy.
  const ownStore = 'DATA_DIR' in env || 'DATABASE_URL' in env
  const built = await buildServer(config, ownStore ? undefined : await database.open?.())
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = built.app.server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  const server: TestServer = {
    url,
    built,
    outbox,
    clock,
    async request(method, route, options = {}) {
      const headers: Record<string, string> = { ...options.headers }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      let body: string | undefined = options.raw
      if (options.body !== undefined) body = JSON.stringify(options.body)
      if (body !== undefined) headers['content-type'] ??= 'application/json'
      const response = await fetch(url + route, { method, headers, body })
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body: parsed as any, headers: response.headers }
    },
    login(username, password) {
      return server.request('POST', '/auth/login', { body: { username, password } })
    },
    async token(username = ADMIN.username, password = ADMIN.password) {
      const reply = await server.login(username, password)
      if (reply.status !== 200)
        throw new Error(
          `login of ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`,
        )
      return reply.body.accessToken
    },
    async createUser(token, overrides) {
      const reply = await server.request<User>('POST', '/api/admin/users', {
        token,
        body: newUser(overrides),
      })
      if (reply.status !== 201)
        throw new Error(`create user failed: ${reply.status} ${JSON.stringify(reply.body)}`)
      return reply.body
    },
    async member(token) {
      const payload = newUser()
      return { user: await server.createUser(token, payload), password: payload.password }
    },
    async signedInMember(token) {
      const { user, password } = await server.member(token)
      const reply = await server.login(user.username, password)
      if (reply.status !== 200)
        throw new Error(`sign-in of ${user.username} failed: ${reply.status}`)
      return { user, password, grant: reply.body as Grant }
    },
    async resetToken(email) {
      // Mail leaves after the commit, in the background.
      await built.context.mail.idle()
      // The plain-text copies: the .eml beside each is quoted-printable.
      const files = (await readdir(outbox)).filter((file) => file.endsWith('.txt')).sort()
      for (const file of files.reverse()) {
        const mail = await readFile(path.join(outbox, file), 'utf8')
        if (!mail.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue
        const match = /\?token=([A-Za-z0-9_%-]+)/.exec(mail)
        if (match) return decodeURIComponent(match[1]!)
      }
      throw new Error(`no reset mail for ${email}`)
    },
    async close() {
      // Mail still being written to the outbox would race its removal below.
      await built.context.mail.idle()
      await built.app.close()
      await database.drop()
      await rm(outbox, { recursive: true, force: true })
    },
  }
  return server
}

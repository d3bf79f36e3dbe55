import { z } from 'zod'
import type { BridgeEvent, EnrolledSignIn, EnrolmentView, SessionInfo } from '@shared/bridge'
import type { SecondStepInput } from '@shared/bridge-inputs'
import type { loginResponseSchema } from '@shared/contract'
import {
  endpoints,
  mfaEnrolmentRequiredSchema,
  mfaRequiredSchema,
  passwordChangeRequiredSchema,
  REAUTH_REQUIRED,
  userSchema,
  type LoginRequest,
  type Permission,
  type ServerFeature,
  type User,
} from '@shared/contract'
import {
  ADMIN_REQUIRED,
  PASSWORD_CHANGED_ADMIN_REQUIRED,
  NO_PASSWORD_CHANGE_WAITING,
  NO_SECOND_STEP_WAITING,
  NOT_AUTHENTICATED,
  SESSION_EXPIRED,
} from '@shared/messages'
import { ApiFailure, send, type Http } from '../api/http'
import { enrolmentView } from '../second-factor/qr-code'
import type { Vault } from '../vault/vault'

/** Refresh the access token when it has less than this left (SPEC.md section 9). */
export const REFRESH_MARGIN_MS = 10_000

/** What the keychain holds: small (Windows allows about 2.5 KB) and without the access token. */
const storedSchema = z.object({
  refreshToken: z.string(),
  sessionId: z.string(),
  tokenType: z.string(),
  expiresAt: z.number(),
  user: userSchema,
  /** Absent in what an older version kept: that session counts as used when restored. */
  lastUsedAt: z.number().optional(),
})
type Stored = z.infer<typeof storedSchema>

interface Live extends Stored {
  /** In memory only; after a restart the first call refreshes it. */
  accessToken?: string
  roles: string[]
  /** What the user may do, as `/auth/me` said; absent from a server that does not say. */
  permissions?: Permission[]
  /** What the server offers beyond the contract, as `/auth/me` said; none from other servers. */
  features: ServerFeature[]
  /** When a call last went out with this session (the console's clock). */
  lastUsedAt: number
}

/** How stale the kept "last used" may get: a session in use is written at most once a minute. */
const LAST_USED_PERSIST_MS = 60_000

type Grant = z.infer<typeof loginResponseSchema>

export interface SessionDeps {
  http: Http
  vault: Vault
  clock: () => number
  emit: (event: BridgeEvent) => void
  /**
   * IT's machine policy (IdleTimeoutMinutes): a session unused this long is treated as expired
   * here, whatever the server would still allow.
   */
  idleTimeoutMs?: number
}

/**
 * The one holder of the tokens. Adds the Authorization header to every admin call, refreshes
 * the access token near its expiry and once after a 401, with one refresh in flight however many
 * calls wait, and clears everything when a refresh is refused.
 */
export class Session {
  private live: Live | undefined
  private restored = false
  private refreshing: Promise<void> | undefined
  /**
   * A sign-in with a temporary password, waiting for the new one: the server's single-use token
   * for it, in memory only and never passed to the renderer.
   */
  private pendingChange: { username: string; token: string } | undefined
  /**
   * A sign-in whose password was right, waiting for its second step (issue 30): a code of the
   * user's factor, or the enrolment of one. The server's token for it stays here, in memory.
   */
  private pendingSecondStep: { kind: 'code' | 'enrolment'; token: string } | undefined
  /** The "last used" the keychain holds. */
  private persistedUseAt = 0

  constructor(private readonly deps: SessionDeps) {}

  async login(credentials: LoginRequest): Promise<SessionInfo> {
    this.pendingChange = undefined
    this.pendingSecondStep = undefined
    let data: Grant
    try {
      ;({ data } = await send(this.deps.http, endpoints.signIn, credentials, { fallback: 'login' }))
    } catch (error) {
      const change =
        error instanceof ApiFailure && passwordChangeRequiredSchema.safeParse(error.body)
      if (change && change.success) {
        this.pendingChange = {
          username: credentials.username,
          token: change.data.passwordChangeToken,
        }
        throw new ApiFailure(error.message, error.status, change.data.code)
      }
      const code = error instanceof ApiFailure && mfaRequiredSchema.safeParse(error.body)
      if (code && code.success) {
        this.pendingSecondStep = { kind: 'code', token: code.data.mfaToken }
        throw new ApiFailure(error.message, error.status, code.data.code)
      }
      const enrol = error instanceof ApiFailure && mfaEnrolmentRequiredSchema.safeParse(error.body)
      if (enrol && enrol.success) {
        this.pendingSecondStep = { kind: 'enrolment', token: enrol.data.enrolmentToken }
        throw new ApiFailure(error.message, error.status, enrol.data.code)
      }
      throw error
    }
    return this.begin(data)
  }

  /** The second step of the sign-in waiting for one: a code, or a recovery code. */
  async completeSecondStep(input: SecondStepInput): Promise<SessionInfo> {
    const mfaToken = this.pendingToken('code')
    const { data } = await send(
      this.deps.http,
      endpoints.signInSecondStep,
      { mfaToken, ...input },
      { fallback: 'login' },
    )
    this.pendingSecondStep = undefined
    return this.begin(data)
  }

  /** The new factor of a sign-in that must enrol one first. */
  async beginEnrolment(): Promise<EnrolmentView> {
    const enrolmentToken = this.pendingToken('enrolment')
    const { data } = await send(this.deps.http, endpoints.beginSignInEnrolment, { enrolmentToken })
    return enrolmentView(data)
  }

  /** Its first code: the factor is on, and the sign-in completes with its recovery codes. */
  async confirmEnrolment(code: string): Promise<EnrolledSignIn> {
    const enrolmentToken = this.pendingToken('enrolment')
    const { data } = await send(
      this.deps.http,
      endpoints.confirmSignInEnrolment,
      { enrolmentToken, code },
      { fallback: 'login' },
    )
    this.pendingSecondStep = undefined
    const { recoveryCodes, ...grant } = data
    return { session: await this.begin(grant), recoveryCodes }
  }

  private pendingToken(kind: 'code' | 'enrolment'): string {
    const pending = this.pendingSecondStep
    if (pending?.kind !== kind) throw new ApiFailure(NO_SECOND_STEP_WAITING)
    return pending.token
  }

  /** A grant of the server, adopted only when its user may use the console. */
  private async begin(data: Grant): Promise<SessionInfo> {
    await this.adopt(data, { roles: [], features: [] })
    this.restored = true
    try {
      await this.loadProfile()
      if (!(await this.holdsAdminRights(this.live?.permissions))) {
        throw new ApiFailure(ADMIN_REQUIRED, 403)
      }
    } catch (error) {
      // Nothing of a sign-in that cannot use the console is kept, here or on the server.
      await this.endOnServer()
      await this.clear()
      throw error
    }
    const info = this.info()!
    this.deps.emit({ type: 'session-changed', session: info })
    return data.failedSecondSteps ? { ...info, failedSecondSteps: data.failedSecondSteps } : info
  }

  /**
   * Sets the new password of a sign-in with a temporary password, then signs in with it (and
   * so through the check of administrator rights). A refused password keeps the sign-in
   * waiting, so the administrator can choose another.
   */
  async completePasswordChange(newPassword: string): Promise<SessionInfo> {
    const pending = this.pendingChange
    if (!pending) throw new ApiFailure(NO_PASSWORD_CHANGE_WAITING)
    await send(this.deps.http, endpoints.changePassword, { token: pending.token, newPassword })
    this.pendingChange = undefined
    try {
      return await this.login({ username: pending.username, password: newPassword })
    } catch (error) {
      // The new password holds whatever follows: a retry would find the temporary one spent.
      if (error instanceof ApiFailure && error.message === ADMIN_REQUIRED) {
        throw new ApiFailure(PASSWORD_CHANGED_ADMIN_REQUIRED, 403)
      }
      throw error
    }
  }

  /** The signed-in user's own change: this session stays, the server ends every other. */
  async changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
    await this.authorized((authorization) =>
      send(
        this.deps.http,
        endpoints.changePassword,
        { currentPassword, newPassword },
        { headers: { authorization } },
      ),
    )
  }

  /**
   * The administrator signed out the session this console uses (their own, from the list of
   * sessions): nothing of it is kept, and the renderer goes back to Login saying why.
   */
  async endedByAdministrator(message: string): Promise<void> {
    await this.clear()
    this.deps.emit({ type: 'session-expired', message })
  }

  /** The current session, restoring the remembered one on first use; null when signed out. */
  async current(): Promise<SessionInfo | null> {
    await this.restore()
    if (this.live && !this.live.accessToken) await this.loadProfile()
    return this.info()
  }

  async logout(): Promise<void> {
    await this.endOnServer()
    await this.clear()
    this.deps.emit({ type: 'session-changed', session: null })
  }

  /**
   * Runs an authenticated call with a fresh token; a 401 is retried once after a refresh. A 403
   * from a user who no longer holds administrator rights (not merely refused this one thing)
   * ends the session: the console is of no use to them.
   */
  async authorized<T>(request: (authorization: string) => Promise<T>): Promise<T> {
    try {
      return await this.withToken(request)
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 403 || !this.live) throw error
      // Asked to confirm it is them (issue 30): a refusal of this change, not of the user.
      if (error.code === REAUTH_REQUIRED || (await this.holdsAdminRights())) throw error
      await this.endOnServer()
      await this.clear()
      this.deps.emit({ type: 'session-expired', message: ADMIN_REQUIRED })
      throw new ApiFailure(ADMIN_REQUIRED, 403)
    }
  }

  /**
   * Whether the signed-in user may use the console: holds any permission, as `known` or a fresh
   * `/auth/me` says; from a server that names none, whether an admin call is refused with 403.
   */
  private async holdsAdminRights(known?: Permission[]): Promise<boolean> {
    const permissions = known ?? (await this.currentPermissions())
    if (permissions) return permissions.length > 0
    try {
      await this.withToken((authorization) =>
        send(
          this.deps.http,
          endpoints.listRoles,
          { page: 0, size: 1 },
          { headers: { authorization } },
        ),
      )
      return true
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 403) return false
      throw error
    }
  }

  /** The signed-in user's permissions now, kept for the session; undefined when not sent. */
  private async currentPermissions(): Promise<Permission[] | undefined> {
    const { data } = await this.withToken((authorization) =>
      send(this.deps.http, endpoints.getCurrentUser, undefined, {
        headers: { authorization },
        fallback: 'profile',
      }),
    )
    if (this.live) this.live = { ...this.live, permissions: data.permissions }
    return data.permissions
  }

  /** Revokes the session on the server; a server that cannot be reached is not waited for. */
  private async endOnServer() {
    const live = this.live
    if (!live?.accessToken) return
    await send(this.deps.http, endpoints.signOut, undefined, {
      headers: { authorization: `${live.tokenType} ${live.accessToken}` },
    }).catch(() => undefined)
  }

  private async withToken<T>(request: (authorization: string) => Promise<T>): Promise<T> {
    await this.restore()
    if (!this.live) throw new ApiFailure(NOT_AUTHENTICATED)
    if (this.idleTooLong()) {
      await this.endOnServer()
      await this.expire()
      throw new ApiFailure(SESSION_EXPIRED, 401)
    }
    await this.markUsed()
    if (!this.live.accessToken || this.live.expiresAt - this.deps.clock() <= REFRESH_MARGIN_MS) {
      await this.refresh()
    }
    const used = this.live!.accessToken
    try {
      return await request(this.authorization())
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 401) throw error
    }
    // Only the first of many calls refused with the same token refreshes it.
    if (this.live?.accessToken === used) await this.refresh()
    if (!this.live) throw new ApiFailure(SESSION_EXPIRED, 401)
    try {
      return await request(this.authorization())
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 401) {
        await this.expire()
        throw new ApiFailure(SESSION_EXPIRED, 401)
      }
      throw error
    }
  }

  private idleTooLong() {
    const limit = this.deps.idleTimeoutMs
    return limit !== undefined && this.deps.clock() - this.live!.lastUsedAt >= limit
  }

  /** Kept with the session at most once a minute, so a restart knows how long it sat unused. */
  private async markUsed() {
    const now = this.deps.clock()
    this.live!.lastUsedAt = now
    const stale = now - this.persistedUseAt >= LAST_USED_PERSIST_MS
    // A keychain that cannot be written to costs the bound after a restart, never the call.
    if (stale && this.deps.idleTimeoutMs !== undefined) await this.persist().catch(() => undefined)
  }

  /** The follow-up call of SPEC.md section 2: the profile and roles of who is signed in. */
  private async loadProfile() {
    const me = await this.authorized((authorization) =>
      send(this.deps.http, endpoints.getCurrentUser, undefined, {
        headers: { authorization },
        fallback: 'profile',
      }),
    )
    const { roles = [], permissions, features = [], ...user } = me.data
    this.live = { ...this.live!, user, roles, permissions, features }
    await this.persist()
  }

  info(): SessionInfo | null {
    if (!this.live) return null
    return {
      user: this.live.user,
      roles: this.live.roles,
      ...(this.live.permissions && { permissions: this.live.permissions }),
      features: this.live.features,
      serverUrl: this.deps.http.baseUrl,
      remembered: this.deps.vault.persistent,
    }
  }

  private authorization() {
    return `${this.live!.tokenType} ${this.live!.accessToken}`
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined
    })
    return this.refreshing
  }

  private async doRefresh(): Promise<void> {
    const live = this.live
    if (!live) throw new ApiFailure(NOT_AUTHENTICATED)
    let grant: Grant
    try {
      const { data } = await send(this.deps.http, endpoints.refreshSession, {
        refreshToken: live.refreshToken,
      })
      grant = data.response
    } catch (error) {
      // Refused (not merely unreachable): the session is over.
      if (error instanceof ApiFailure && error.status !== undefined && error.status < 500) {
        await this.expire()
        throw new ApiFailure(SESSION_EXPIRED, 401)
      }
      throw error
    }
    await this.adopt(grant, live)
    await this.persist()
  }

  /** A new grant, with what `/auth/me` said of the user and server (kept, or none yet). */
  private async adopt(
    grant: Grant,
    { roles, permissions, features }: Pick<Live, 'roles' | 'permissions' | 'features'>,
  ) {
    this.live = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      sessionId: grant.sessionId,
      tokenType: grant.tokenType,
      expiresAt: this.deps.clock() + grant.expiresIn * 1000,
      user: grant.user as User,
      roles,
      permissions,
      features,
      lastUsedAt: this.deps.clock(),
    }
  }

  private async restore() {
    if (this.restored) return
    this.restored = true
    const secret = await this.deps.vault.read().catch(() => null)
    if (!secret) return
    try {
      const stored = storedSchema.parse(JSON.parse(secret))
      this.live = {
        ...stored,
        roles: [],
        features: [],
        lastUsedAt: stored.lastUsedAt ?? this.deps.clock(),
      }
    } catch {
      await this.deps.vault.erase().catch(() => undefined)
    }
  }

  private async persist() {
    const { refreshToken, sessionId, tokenType, expiresAt, user, lastUsedAt } = this.live!
    const stored: Stored = { refreshToken, sessionId, tokenType, expiresAt, user, lastUsedAt }
    await this.deps.vault.write(JSON.stringify(stored))
    this.persistedUseAt = lastUsedAt
  }

  private async clear() {
    this.live = undefined
    await this.deps.vault.erase().catch(() => undefined)
  }

  private async expire() {
    if (!this.live) return
    await this.clear()
    this.deps.emit({ type: 'session-expired', message: SESSION_EXPIRED })
  }
}

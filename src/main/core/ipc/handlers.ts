import type { bridgeOperations } from '@shared/bridge'
import {
  bridgeCalls,
  isChannel,
  type AppInfo,
  type Channel,
  type OutputOf,
  type ParsedInputOf,
} from '@shared/bridge'
import { ACCESS_PAGE_SIZE, endpoints, type Endpoint, type SessionsEnded } from '@shared/contract'
import { OWN_SESSION_ENDED } from '@shared/messages'
import { failure, success, type Result } from '@shared/result'
import type { AdminApi } from '../api/admin'
import { ApiFailure, send, type Http } from '../api/http'
import type { BulkActions } from '../bulk/bulk-actions'
import { effectChange } from '../effects/effect-request'
import type { Exports } from '../export/exports'
import type { ExportPorts } from '../export/report-writer'
import type { Imports } from '../import/imports'
import { enrolmentView } from '../second-factor/qr-code'
import { saveRecoveryCodes } from '../second-factor/recovery-codes-file'
import type { Session } from '../session/session'
import type { Locale } from '@shared/i18n/locales'
import type { ThemeChoice } from '@shared/theme'
import type { Updates } from '../updates/updates'

/** The channels that are more than one call of an endpoint: each has its handler here. */
type HandledChannel = {
  [C in Channel]: (typeof bridgeOperations)[C] extends { endpoint: Endpoint } ? never : C
}[Channel]
type Operation<C extends Channel> = (input: ParsedInputOf<C>) => Promise<OutputOf<C>>
type Operations = { [C in HandledChannel]: Operation<C> }

export type Handle = (channel: string, payload: unknown) => Promise<Result<unknown>>

/** One handler per bridge channel; every payload is checked before anything is sent. */
export function createHandlers({
  http,
  session,
  api,
  exports,
  bulk,
  imports,
  app,
  updates,
  setNativeTheme,
  setLanguage,
  chooseFile,
}: {
  http: Http
  session: Session
  api: AdminApi
  exports: Exports
  bulk: BulkActions
  imports: Imports
  app: () => AppInfo
  /** Absent where the host cannot update itself (the preview). */
  updates: Updates | undefined
  /** Where the host has native menus and dialogs to theme (Electron's nativeTheme). */
  setNativeTheme: ((theme: ThemeChoice) => void) | undefined
  /** Takes the console's language for exports, and native menus where the host has them. */
  setLanguage: (locale: Locale) => Promise<void>
  /** The native save dialog, for the recovery codes file. */
  chooseFile: ExportPorts['chooseFile']
}): Handle {
  /** Signing out the console's own session ends it here too, without another call. */
  const endingOwn = async (outcome: SessionsEnded) => {
    if (outcome.currentSessionEnded) await session.endedByAdministrator(OWN_SESSION_ENDED)
    return outcome
  }

  const handled: Operations = {
    'auth.login': (input) => session.login(input),
    'auth.logout': async () => {
      await session.logout()
      return null
    },
    'auth.session': () => session.current(),
    'auth.changePassword': async (input) => {
      if (input.currentPassword !== undefined) {
        await session.changeOwnPassword(input.currentPassword, input.newPassword)
        return null
      }
      await send(http, endpoints.changePassword, input)
      return null
    },
    'auth.completePasswordChange': (input) => session.completePasswordChange(input.newPassword),
    'auth.secondStep': (input) => session.completeSecondStep(input),
    'auth.beginEnrolment': () => session.beginEnrolment(),
    'auth.confirmEnrolment': (input) => session.confirmEnrolment(input.code),
    'secondFactor.begin': async () =>
      enrolmentView(await api.call(endpoints.beginOwnEnrolment, undefined)),
    'secondFactor.saveRecoveryCodes': ({ recoveryCodes }) =>
      saveRecoveryCodes(chooseFile, recoveryCodes, http.baseUrl),
    'users.get': api.users.get,
    'users.update': api.users.update,
    'users.endSession': async (input) => endingOwn(await api.call(endpoints.endUserSession, input)),
    'users.endAllSessions': async (input) =>
      endingOwn(await api.call(endpoints.endAllUserSessions, input)),
    'users.resetSecondFactor': async (input) =>
      endingOwn(await api.call(endpoints.resetUserSecondFactor, input)),
    'effects.preview': ({ changes }) =>
      api.call(endpoints.previewEffect, { changes: changes.map(effectChange) }),
    'users.bulk': bulk.run,
    'users.bulkCancel': async (input) => bulk.cancel(input),
    'roles.list': () => api.call(endpoints.listRoles, { page: 0, size: ACCESS_PAGE_SIZE }),
    'groups.list': () => api.call(endpoints.listGroups, { page: 0, size: ACCESS_PAGE_SIZE }),
    'exports.users': exports.users,
    'exports.audit': exports.audit,
    'exports.cancel': async (input) => exports.cancel(input),
    'imports.open': imports.open,
    'imports.preview': imports.preview,
    'imports.apply': imports.apply,
    'imports.cancel': async (input) => imports.cancel(input),
    'imports.saveReport': imports.saveReport,
    'imports.close': async (input) => imports.close(input),
    'app.info': async () => app(),
    'app.restartToUpdate': async () => {
      if (!updates?.install()) throw new ApiFailure('No update is waiting to be installed')
      return null
    },
    'app.setTheme': async ({ theme }) => {
      setNativeTheme?.(theme)
      return null
    },
    'app.setLanguage': async ({ locale }) => {
      await setLanguage(locale)
      return null
    },
  }

  // Every channel either has its handler or names its endpoint (HandledChannel says which).
  const operations: { [C in Channel]?: Operation<C> } = handled

  const serve = async <C extends Channel>(channel: C, payload: unknown) => {
    const parsed = bridgeCalls[channel].input.safeParse(payload)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      )
      return failure(`Invalid input: ${problems.join('; ')}`)
    }
    try {
      const handler = operations[channel]
      if (handler) return success(await handler(parsed.data))
      return success(await api.forward(bridgeCalls[channel].endpoint!, parsed.data))
    } catch (error) {
      if (error instanceof ApiFailure)
        return failure(error.message, error.status, error.code, error.params)
      return failure(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return async (channel, payload) =>
    isChannel(channel) ? serve(channel, payload) : failure(`Unknown operation: ${String(channel)}`)
}

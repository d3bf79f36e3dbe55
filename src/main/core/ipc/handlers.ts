import {
  bridgeCalls,
  isChannel,
  type AppInfo,
  type Channel,
  type InputOf,
  type OutputOf,
} from '@shared/bridge'
import type { ChangePasswordRequest, SessionsEnded } from '@shared/contract'
import { OWN_SESSION_ENDED } from '@shared/messages'
import { failure, success, type Result } from '@shared/result'
import type { AdminApi } from '../api/admin'
import { ApiFailure, send, type Http } from '../api/http'
import type { BulkActions } from '../bulk/bulk-actions'
import type { Exports } from '../export/exports'
import type { ExportPorts } from '../export/report-writer'
import type { Imports } from '../import/imports'
import { enrolmentView } from '../second-factor/qr-code'
import { saveRecoveryCodes } from '../second-factor/recovery-codes-file'
import type { Session } from '../session/session'
import type { ThemeChoice } from '@shared/theme'
import type { Updates } from '../updates/updates'

type Operations = { [C in Channel]: (input: InputOf<C>) => Promise<OutputOf<C>> }

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
  /** The native save dialog, for the recovery codes file. */
  chooseFile: ExportPorts['chooseFile']
}): Handle {
  /** Signing out the console's own session ends it here too, without another call. */
  const endingOwn = async (outcome: SessionsEnded) => {
    if (outcome.currentSessionEnded) await session.endedByAdministrator(OWN_SESSION_ENDED)
    return outcome
  }

  const operations: Operations = {
    'auth.login': (input) => session.login(input),
    'auth.logout': async () => {
      await session.logout()
      return null
    },
    'auth.session': () => session.current(),
    'auth.changePassword': async (input: ChangePasswordRequest) => {
      if (input.currentPassword !== undefined) {
        await session.changeOwnPassword(input.currentPassword, input.newPassword)
        return null
      }
      await send(http, {
        method: 'PUT',
        path: '/auth/change-password',
        body: input,
        fallback: 'request',
      })
      return null
    },
    'auth.completePasswordChange': (input) => session.completePasswordChange(input.newPassword),
    'auth.reauth': api.auth.reauth,
    'auth.secondStep': (input) => session.completeSecondStep(input),
    'auth.beginEnrolment': () => session.beginEnrolment(),
    'auth.confirmEnrolment': (input) => session.confirmEnrolment(input.code),
    'secondFactor.status': api.secondFactor.status,
    'secondFactor.begin': async () => enrolmentView(await api.secondFactor.begin()),
    'secondFactor.confirm': api.secondFactor.confirm,
    'secondFactor.disable': api.secondFactor.disable,
    'secondFactor.saveRecoveryCodes': ({ recoveryCodes }) =>
      saveRecoveryCodes(chooseFile, recoveryCodes, http.baseUrl),
    'users.list': api.users.list,
    'users.get': api.users.get,
    'users.create': api.users.create,
    'users.update': api.users.update,
    'users.activate': api.users.activate,
    'users.deactivate': api.users.deactivate,
    'users.lock': api.users.lock,
    'users.unlock': api.users.unlock,
    'users.resetPassword': api.users.resetPassword,
    'users.setTemporaryPassword': api.users.setTemporaryPassword,
    'users.sessions': api.users.sessions,
    'users.endSession': async (input) => endingOwn(await api.users.endSession(input)),
    'users.endAllSessions': async (input) => endingOwn(await api.users.endAllSessions(input)),
    'users.secondFactor': api.users.secondFactor,
    'users.resetSecondFactor': async (input) => endingOwn(await api.users.resetSecondFactor(input)),
    'users.roles': api.users.roles.list,
    'users.addRole': api.users.roles.add,
    'users.removeRole': api.users.roles.remove,
    'users.groups': api.users.groups.list,
    'users.addGroup': api.users.groups.add,
    'users.removeGroup': api.users.groups.remove,
    'users.effectiveRoles': api.users.effectiveRoles,
    'users.bulk': bulk.run,
    'users.bulkCancel': async (input) => bulk.cancel(input),
    'roles.list': api.roles.list,
    'roles.create': api.roles.create,
    'roles.update': api.roles.update,
    'roles.activate': api.roles.activate,
    'roles.deactivate': api.roles.deactivate,
    'roles.members': api.roles.members,
    'groups.list': api.groups.list,
    'groups.create': api.groups.create,
    'groups.update': api.groups.update,
    'groups.activate': api.groups.activate,
    'groups.deactivate': api.groups.deactivate,
    'groups.members': api.groups.members,
    'audit.list': api.audit.list,
    'audit.sinks': api.audit.sinks,
    'audit.sendTestEvent': api.audit.sendTestEvent,
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
  }

  const serve = async <C extends Channel>(channel: C, payload: unknown) => {
    const parsed = bridgeCalls[channel].input.safeParse(payload)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      )
      return failure(`Invalid input: ${problems.join('; ')}`)
    }
    try {
      return success(await operations[channel](parsed.data))
    } catch (error) {
      if (error instanceof ApiFailure) return failure(error.message, error.status, error.code)
      return failure(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return async (channel, payload) =>
    isChannel(channel) ? serve(channel, payload) : failure(`Unknown operation: ${String(channel)}`)
}

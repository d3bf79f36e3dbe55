import type { z } from 'zod'
import type { OutputOf, InputOf } from '@shared/bridge'
import {
  assignmentListSchema,
  effectiveRoleListSchema,
  bulkResultSchema,
  type BulkAction,
  auditPageSchema,
  auditSinkListSchema,
  auditTestEventSchema,
  groupPageSchema,
  groupSchema,
  memberPageSchema,
  rolePageSchema,
  roleSchema,
  enrolmentSecretSchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  sessionsEndedSchema,
  temporaryPasswordSchema,
  userSecondFactorSchema,
  userPageSchema,
  userSchema,
  userSessionListSchema,
  ACCESS_PAGE_SIZE,
  USER_EXPORT_PATH,
  USER_IMPORT_PATH,
  userImportResponseSchema,
  type UserExportQuery,
  type UserImportRequest,
} from '@shared/contract'
import type { Fallback } from '@shared/messages'
import type { BulkChunk } from '../bulk/run-bulk'
import type { Session } from '../session/session'
import { send, type Call, type Http } from './http'
import { openStream } from './stream'

/** A query string of the given fields, leaving out the absent and the empty. */
export function queryString(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  return params.toString()
}

/** The authenticated calls of SPEC.md section 7, each through the session. */
export function adminApi(http: Http, session: Session) {
  const call = async <T>(spec: Call<T>) =>
    session.authorized((authorization) =>
      send(http, { ...spec, headers: { ...spec.headers, authorization } }),
    )
  const data = async <T>(spec: Call<T>) => (await call(spec)).data

  const userAction = (action: string, fallback?: Fallback) => (input: InputOf<'users.activate'>) =>
    data({
      method: 'PUT',
      path: `/api/admin/users/${input.id}/${action}`,
      schema: userSchema,
      fallback,
    })

  const assignments = (kind: 'roles' | 'groups') => ({
    list: (input: InputOf<'users.roles'>) =>
      data({
        method: 'GET',
        path: `/api/admin/users/${input.id}/${kind}`,
        schema: assignmentListSchema,
      }),
    add: (input: InputOf<'users.addRole'>) =>
      data({
        method: 'PUT',
        path: `/api/admin/users/${input.id}/${kind}/${input.targetId}`,
        schema: assignmentListSchema,
      }),
    remove: (input: InputOf<'users.addRole'>) =>
      data({
        method: 'DELETE',
        path: `/api/admin/users/${input.id}/${kind}/${input.targetId}`,
        schema: assignmentListSchema,
      }),
  })

  const access = <T, P>(kind: 'roles' | 'groups', item: z.ZodType<T>, page: z.ZodType<P>) => ({
    list: () =>
      data({
        method: 'GET',
        path: `/api/admin/${kind}?page=0&size=${ACCESS_PAGE_SIZE}`,
        schema: page,
      }),
    create: (input: object) =>
      data({ method: 'POST', path: `/api/admin/${kind}`, body: input, schema: item }),
    update: ({ id, ...input }: { id: number }) =>
      data({ method: 'PUT', path: `/api/admin/${kind}/${id}`, body: input, schema: item }),
    activate: ({ id }: { id: number }) =>
      data({ method: 'POST', path: `/api/admin/${kind}/${id}/activate`, schema: item }),
    deactivate: ({ id }: { id: number }) =>
      data({ method: 'POST', path: `/api/admin/${kind}/${id}/deactivate`, schema: item }),
    members: ({ id, ...query }: InputOf<'roles.members'>) =>
      data({
        method: 'GET',
        path: `/api/admin/${kind}/${id}/members?${queryString(query)}`,
        schema: memberPageSchema,
      }),
  })

  return {
    auth: {
      /** The password (and code) go to the server only; the answer is empty. */
      async reauth(input: InputOf<'auth.reauth'>): Promise<null> {
        await call({ method: 'POST', path: '/auth/reauth', body: input })
        return null
      },
    },
    users: {
      list(query: InputOf<'users.list'>) {
        return data({
          method: 'GET',
          path: `/api/admin/users?${queryString(query)}`,
          schema: userPageSchema,
          fallback: 'listUsers',
        })
      },
      /** Our server's streaming export; other servers of the contract answer it with an error. */
      stream: (query: UserExportQuery, signal: AbortSignal) =>
        session.authorized((authorization) =>
          openStream(http, {
            path: `${USER_EXPORT_PATH}?${queryString(query)}`,
            headers: { authorization },
            signal,
            fallback: 'listUsers',
          }),
        ),
      async get({ id }: InputOf<'users.get'>): Promise<OutputOf<'users.get'>> {
        const answer = await call({
          method: 'GET',
          path: `/api/admin/users/${id}`,
          schema: userSchema,
        })
        return { user: answer.data, etag: answer.headers.get('etag') }
      },
      create: (input: InputOf<'users.create'>) =>
        data({
          method: 'POST',
          path: '/api/admin/users',
          body: input,
          schema: userSchema,
          fallback: 'createUser',
        }),
      async update({
        id,
        changes,
        etag,
      }: InputOf<'users.update'>): Promise<OutputOf<'users.update'>> {
        const answer = await call({
          method: 'PUT',
          path: `/api/admin/users/${id}`,
          body: changes,
          headers: etag ? { 'if-match': etag } : {},
          schema: userSchema,
          fallback: 'updateUser',
        })
        return { user: answer.data, etag: answer.headers.get('etag') }
      },
      activate: userAction('activate'),
      deactivate: userAction('deactivate'),
      lock: userAction('lock'),
      unlock: userAction('unlock'),
      resetPassword: userAction('reset-password'),
      setTemporaryPassword: ({ id }: InputOf<'users.setTemporaryPassword'>) =>
        data({
          method: 'POST',
          path: `/api/admin/users/${id}/temporary-password`,
          schema: temporaryPasswordSchema,
        }),
      sessions: ({ id }: InputOf<'users.sessions'>) =>
        data({
          method: 'GET',
          path: `/api/admin/users/${id}/sessions`,
          schema: userSessionListSchema,
        }),
      endSession: ({ id, sessionId }: InputOf<'users.endSession'>) =>
        data({
          method: 'DELETE',
          path: `/api/admin/users/${id}/sessions/${encodeURIComponent(sessionId)}`,
          schema: sessionsEndedSchema,
        }),
      secondFactor: ({ id }: InputOf<'users.secondFactor'>) =>
        data({
          method: 'GET',
          path: `/api/admin/users/${id}/second-factor`,
          schema: userSecondFactorSchema,
        }),
      resetSecondFactor: ({ id }: InputOf<'users.resetSecondFactor'>) =>
        data({
          method: 'DELETE',
          path: `/api/admin/users/${id}/second-factor`,
          schema: sessionsEndedSchema,
        }),
      endAllSessions: ({ id }: InputOf<'users.endAllSessions'>) =>
        data({
          method: 'DELETE',
          path: `/api/admin/users/${id}/sessions`,
          schema: sessionsEndedSchema,
        }),
      roles: assignments('roles'),
      groups: assignments('groups'),
      effectiveRoles: ({ id }: InputOf<'users.effectiveRoles'>) =>
        data({
          method: 'GET',
          path: `/api/admin/users/${id}/effective-roles`,
          schema: effectiveRoleListSchema,
        }),
      bulk: (action: BulkAction, body: BulkChunk) =>
        data({
          method: 'POST',
          path: `/api/admin/users/bulk/${action}`,
          body,
          schema: bulkResultSchema,
        }),
      /** Our server's CSV import (issue 32): one part of a file, checked or applied. */
      import: (body: UserImportRequest) =>
        data({ method: 'POST', path: USER_IMPORT_PATH, body, schema: userImportResponseSchema }),
    },
    roles: access('roles', roleSchema, rolePageSchema),
    groups: access('groups', groupSchema, groupPageSchema),
    /** The signed-in user's own second factor (issue 30). */
    secondFactor: {
      status: () =>
        data({ method: 'GET', path: '/auth/second-factor', schema: secondFactorStatusSchema }),
      begin: () =>
        data({ method: 'POST', path: '/auth/second-factor', schema: enrolmentSecretSchema }),
      confirm: (body: InputOf<'secondFactor.confirm'>) =>
        data({
          method: 'POST',
          path: '/auth/second-factor/confirm',
          body,
          schema: recoveryCodesSchema,
        }),
      disable: async (body: InputOf<'secondFactor.disable'>) => {
        await call({ method: 'POST', path: '/auth/second-factor/disable', body })
        return null
      },
    },
    audit: {
      list(query: InputOf<'audit.list'>) {
        const params = new URLSearchParams()
        for (const [key, value] of Object.entries(query)) {
          if (value !== undefined && value !== '') params.set(key, String(value))
        }
        return data({ method: 'GET', path: `/api/admin/audit?${params}`, schema: auditPageSchema })
      },
      sinks: () =>
        data({ method: 'GET', path: '/api/admin/audit/sinks', schema: auditSinkListSchema }),
      sendTestEvent: () =>
        data({
          method: 'POST',
          path: '/api/admin/audit/test-event',
          schema: auditTestEventSchema,
        }),
    },
  }
}

export type AdminApi = ReturnType<typeof adminApi>

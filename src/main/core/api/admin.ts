import {
  BULK_ENDPOINTS,
  endpoints,
  type BulkAction,
  type Endpoint,
  type EndpointInput,
  type UserExportQuery,
} from '@shared/contract'
import type { InputOf, OutputOf, ParsedInputOf } from '@shared/bridge'
import type { BulkChunk } from '../bulk/run-bulk'
import type { Session } from '../session/session'
import { exchange, requestOf, send, type Http, type Sending } from './http'
import { openStream } from './stream'

/** The authenticated calls of SPEC.md section 7, each through the session. */
export function adminApi(http: Http, session: Session) {
  const authorized = (sending: Sending, authorization: string): Sending => ({
    ...sending,
    headers: { ...sending.headers, authorization },
  })

  /** One call of the contract's table, its answer with its headers. */
  const answer = <E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    sending: Sending = {},
  ) =>
    session.authorized((authorization) =>
      send(http, endpoint, input, authorized(sending, authorization)),
    )

  /** One call of the contract's table: what it answers. */
  const call = async <E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    sending?: Sending,
  ) => (await answer(endpoint, input, sending)).data

  return {
    call,
    /** A bridge operation's input sent straight to its endpoint, the answer checked by it. */
    forward: async (endpoint: Endpoint, input: unknown) =>
      (
        await session.authorized((authorization) =>
          exchange(http, endpoint, input, authorized({}, authorization)),
        )
      ).data,
    users: {
      /** Our server's streaming export; other servers of the contract answer it with an error. */
      stream: (query: UserExportQuery, signal: AbortSignal) =>
        session.authorized((authorization) =>
          openStream(http, {
            path: requestOf(endpoints.exportUsers, query).path,
            headers: { authorization },
            signal,
            fallback: 'listUsers',
          }),
        ),
      list: (query: InputOf<'users.list'>) =>
        call(endpoints.listUsers, query, { fallback: 'listUsers' }),
      async get({ id }: ParsedInputOf<'users.get'>): Promise<OutputOf<'users.get'>> {
        const got = await answer(endpoints.getUser, { id })
        return { user: got.data, etag: got.headers.get('etag') }
      },
      async update({
        id,
        changes,
        etag,
      }: ParsedInputOf<'users.update'>): Promise<OutputOf<'users.update'>> {
        const updated = await answer(
          endpoints.updateUser,
          { id, ...changes },
          { headers: etag ? { 'if-match': etag } : {}, fallback: 'updateUser' },
        )
        return { user: updated.data, etag: updated.headers.get('etag') }
      },
      bulk: (action: BulkAction, body: BulkChunk) => call(BULK_ENDPOINTS[action], body),
    },
  }
}

export type AdminApi = ReturnType<typeof adminApi>

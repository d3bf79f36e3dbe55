import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodError } from 'zod'
import {
  codedRefusal,
  generalRefusalCode,
  INVALID_FIELDS,
  REFUSAL_MESSAGES,
  refusalMessage,
  type ApiErrorBody,
  type CodedRefusal,
  type RefusalArgs,
  type RefusalCode,
} from '@shared/contract'
import { isSignInNameField } from '@shared/sign-in-names'
import { isConflict } from './db/conflicts'
import { isConnectionLoss } from './db/connection-loss'
import { ExportsBusyError } from './db/exports-busy'
import { Refusal, UNIQUE_VIOLATION, type RefusalReason } from './db/refusal'

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  408: 'Request Timeout',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** The answer to a change still refused for a conflict after its runs (`db/conflicts.ts`). */
export const CONFLICT_MESSAGE = REFUSAL_MESSAGES.change_conflicted

/** The answer to a request the database could not be reached for (`db/connection-loss.ts`). */
export const UNREACHABLE_MESSAGE = REFUSAL_MESSAGES.database_unreachable

/** The answer to an export refused while the most that may run at once are running. */
export const EXPORTS_BUSY_MESSAGE = REFUSAL_MESSAGES.exports_busy

/** Seconds a client told 503 waits before it tries again: the moment such a failure lasts. */
export const RETRY_AFTER_SECONDS = '1'

function sqlState(error: unknown): {
  code?: string
  constraint?: string
  column?: string
  detail?: string
} {
  if (typeof error !== 'object' || error === null) return {}
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const { code, constraint, column, detail } = error as Record<string, unknown>
  return {
    code: text(code),
    constraint: text(constraint),
    column: text(column),
    detail: text(detail),
  }
}

/** What an error body holds besides its status, message and code. */
export type ErrorBodyFields = Pick<
  ApiErrorBody,
  'params' | 'details' | 'passwordChangeToken' | 'mfaToken' | 'enrolmentToken'
>

/** An error the client is meant to read: its message and code are sent as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A code of refusal-codes.ts: a catalogued refusal's, INVALID_FIELDS or a general one. */
    readonly code: string,
    readonly fields: ErrorBodyFields = {},
  ) {
    super(message)
  }
}

/** The refusal `refused` as an answer of `statusCode`, its message the catalogue's. */
export function refusalError(
  statusCode: number,
  refused: CodedRefusal,
  fields: Omit<ErrorBodyFields, 'params'> = {},
): ApiError {
  const params = refused.params as ApiErrorBody['params']
  return new ApiError(statusCode, refusalMessage(refused), refused.code, {
    ...(params ? { params } : {}),
    ...fields,
  })
}

const refusalOf =
  (statusCode: number) =>
  <C extends RefusalCode>(code: C, ...args: RefusalArgs<C>) =>
    refusalError(statusCode, codedRefusal(code, ...args))

export const badRequest = refusalOf(400)
export const unauthorized = refusalOf(401)
export const forbidden = refusalOf(403)
export const notFound = refusalOf(404)
export const conflict = refusalOf(409)
export const tooManyRequests = refusalOf(429)
/** The 429 of an attempt slowed down or locked out (the caller sets Retry-After). */
export const tooManyAttempts = (seconds: number) =>
  tooManyRequests('too_many_attempts', { seconds })

type FieldDetail = NonNullable<ApiErrorBody['details']>[number]

/** A 400 whose message names each field that failed, and whose details list them. */
function fieldsError(details: FieldDetail[], code: string, params?: ApiErrorBody['params']) {
  const message = details.map((d) => `${d.field}: ${d.message}`).join('; ')
  return new ApiError(400, message, code, { ...(params ? { params } : {}), details })
}

/** A 400 of one field breaking a rule of the server's own: its code is the rule's. */
export function fieldRefusal<C extends RefusalCode>(
  field: string,
  code: C,
  ...args: RefusalArgs<C>
): ApiError {
  const refused = codedRefusal(code, ...args)
  return fieldsError(
    [{ field, message: refusalMessage(refused) }],
    code,
    refused.params as ApiErrorBody['params'],
  )
}

/** A 400 of the fields that failed the request's schema (each its first rule only). */
export function validationError(error: ZodError, where: string): ApiError {
  const details: FieldDetail[] = []
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : where
    if (!details.some((d) => d.field === field)) details.push({ field, message: issue.message })
  }
  return fieldsError(details, INVALID_FIELDS)
}

/**
 * The constraint a username or email taken as the other is refused under (migration 032): its
 * column and value name the clash.
 */
const SIGN_IN_NAME_CLASH = 'users_sign_in_name'

/** Unique indexes whose violation is the client's doing, with the refusal the console maps. */
const UNIQUE_REFUSALS: Record<string, RefusalCode & `${string}_exists`> = {
  users_username_key: 'username_exists',
  users_email_key: 'email_exists',
  roles_name_key: 'role_name_exists',
  groups_name_key: 'group_name_exists',
}

/**
 * The one guarantee that no error reply goes without a code: a JSON error body sent without one
 * (by a plugin, or a path that bypassed `errorBody`) gets the general code of its status.
 */
export function withErrorCode(reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
  let body: unknown
  try {
    body = JSON.parse(payload)
  } catch {
    return payload
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'code' in body) {
    return payload
  }
  return JSON.stringify({ ...body, code: generalRefusalCode(reply.statusCode) })
}

/** The sign-in-name clash of each column (migration 032). */
const SIGN_IN_NAME_REFUSALS = {
  username: (username: string) => codedRefusal('username_taken_as_email', { username }),
  email: (email: string) => codedRefusal('email_taken_as_username', { email }),
}

/** The body of every error reply: never without a code. */
export function errorBody(
  statusCode: number,
  message: string,
  code: string,
  fields: ErrorBodyFields = {},
): ApiErrorBody {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', message, code, ...fields }
}

/** The body of the catalogued refusal `refused`. */
export const refusalBody = (statusCode: number, refused: CodedRefusal) => {
  const error = refusalError(statusCode, refused)
  return errorBody(statusCode, error.message, error.code, error.fields)
}

/** What each refusal of the data layer answers. */
const REFUSAL_STATUS: Record<RefusalReason, number> = { missing: 404, clash: 409, invalid: 400 }

/**
 * What a failure of the database means to the client, where it is not the server's fault: a
 * refusal of the data layer (404, 409, 400), a conflict between transactions or a lost
 * connection (503, try again), a duplicate (409), a value it cannot store (400). The same for a
 * request and for each user of a bulk action.
 */
export function databaseFailure(error: unknown): ApiError | undefined {
  if (error instanceof Refusal) return refusalError(REFUSAL_STATUS[error.reason], error.refused)
  if (isConflict(error)) return refusalError(503, codedRefusal('change_conflicted'))
  if (error instanceof ExportsBusyError) return refusalError(503, codedRefusal('exports_busy'))
  if (isConnectionLoss(error)) return refusalError(503, codedRefusal('database_unreachable'))
  const { code, constraint, column, detail } = sqlState(error)
  if (code === UNIQUE_VIOLATION && constraint === SIGN_IN_NAME_CLASH && isSignInNameField(column)) {
    return refusalError(409, SIGN_IN_NAME_REFUSALS[column](detail ?? ''))
  }
  const unique = constraint === undefined ? undefined : UNIQUE_REFUSALS[constraint]
  if (code === UNIQUE_VIOLATION && unique) return refusalError(409, codedRefusal(unique))
  // Data exceptions (a NUL character, a number out of range) are the request's fault.
  if (code?.startsWith('22')) return refusalError(400, codedRefusal('value_not_storable'))
  return undefined
}

/** One answer shape for every failure; a 500 never tells the client more than that it happened. */
export function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = error instanceof ApiError ? error : databaseFailure(error)
  if (known) {
    // A 503 is a moment's trouble: the client is told when to try again.
    if (known.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', RETRY_AFTER_SECONDS)
    }
    return reply
      .status(known.statusCode)
      .send(errorBody(known.statusCode, known.message, known.code, known.fields))
  }
  const statusCode = (error as FastifyError).statusCode
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const refused = clientRefusal(error as FastifyError)
    return reply
      .status(statusCode)
      .send(
        refused
          ? refusalBody(statusCode, refused)
          : errorBody(statusCode, error.message, generalRefusalCode(statusCode)),
      )
  }
  request.log.error({ err: error }, 'request failed')
  return reply.status(500).send(refusalBody(500, codedRefusal('internal_error')))
}

/** The refusal of a client's error Fastify found, where this server names it. */
function clientRefusal(error: FastifyError): CodedRefusal | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return codedRefusal('body_too_large')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return codedRefusal('body_not_json_media_type')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return codedRefusal('url_segment_too_long')
    case 'FST_ERR_BAD_URL':
      return codedRefusal('url_invalid')
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return codedRefusal('body_not_json')
      }
      return undefined
  }
}

/**
 * Requests Node refuses before Fastify sees them (headers too large, a malformed request line,
 * a timeout) still get the standard error body, over a connection that is then closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [statusCode, refused] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, codedRefusal('headers_too_large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, codedRefusal('request_too_slow')]
        : [400, codedRefusal('http_invalid')]
  const body = JSON.stringify(refusalBody(statusCode, refused))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n' +
        `Connection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

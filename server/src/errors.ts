import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodError } from 'zod'
import type { ApiErrorBody } from '@shared/contract'
import { isSignInNameField, SIGN_IN_NAME_CLASHES } from '@shared/sign-in-names'
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
export const CONFLICT_MESSAGE =
  'The change ran into another made at the same moment and was not applied. Try again.'

/** The answer to a request the database could not be reached for (`db/connection-loss.ts`). */
export const UNREACHABLE_MESSAGE = 'The database is not reachable right now. Try again in a moment.'

/** The answer to an export refused while the most that may run at once are running. */
export const EXPORTS_BUSY_MESSAGE =
  'Too many exports are running at the moment. Try again in a moment.'

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

/** An error the client is meant to read: its message is sent as it is. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ApiErrorBody['details'],
    /** Further fields of the body a client acts on (a code and what goes with it). */
    readonly extra?: Pick<
      ApiErrorBody,
      'code' | 'passwordChangeToken' | 'mfaToken' | 'enrolmentToken'
    >,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const unauthorized = (message: string) => new ApiError(401, message)
export const forbidden = (message: string) => new ApiError(403, message)
export const notFound = (message: string) => new ApiError(404, message)
export const conflict = (message: string) => new ApiError(409, message)
/** The 429 of an attempt slowed down or locked out (the caller sets Retry-After). */
export const tooManyAttempts = (waitSeconds: number) =>
  new ApiError(
    429,
    `Too many attempts. Try again in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`,
  )

/** A 400 whose message names each field that failed (its first rule only), and whose details list them. */
export function validationError(error: ZodError, where: string): ApiError {
  const details: { field: string; message: string }[] = []
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : where
    if (!details.some((d) => d.field === field)) details.push({ field, message: issue.message })
  }
  const message = details.map((d) => `${d.field}: ${d.message}`).join('; ')
  return new ApiError(400, message, details)
}

/**
 * The constraint a username or email taken as the other is refused under (migration 032): its
 * column and value name the clash.
 */
const SIGN_IN_NAME_CLASH = 'users_sign_in_name'

/** Unique indexes whose violation is the client's doing, with the message the console maps. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_username_key: 'Username is already taken',
  users_email_key: 'Email is already taken',
  roles_name_key: 'A role with this name already exists',
  groups_name_key: 'A group with this name already exists',
}

export function errorBody(
  statusCode: number,
  message: string,
  details?: ApiErrorBody['details'],
  extra?: ApiError['extra'],
) {
  const body: ApiErrorBody = { statusCode, error: REASONS[statusCode] ?? 'Error', message }
  if (details) body.details = details
  return extra ? { ...body, ...extra } : body
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
  if (error instanceof Refusal) return new ApiError(REFUSAL_STATUS[error.reason], error.message)
  if (isConflict(error)) return new ApiError(503, CONFLICT_MESSAGE)
  if (error instanceof ExportsBusyError) return new ApiError(503, EXPORTS_BUSY_MESSAGE)
  if (isConnectionLoss(error)) return new ApiError(503, UNREACHABLE_MESSAGE)
  const { code, constraint, column, detail } = sqlState(error)
  if (code === UNIQUE_VIOLATION && constraint === SIGN_IN_NAME_CLASH && isSignInNameField(column)) {
    return new ApiError(409, SIGN_IN_NAME_CLASHES[column](detail ?? ''))
  }
  if (code === UNIQUE_VIOLATION && constraint && UNIQUE_MESSAGES[constraint]) {
    return new ApiError(409, UNIQUE_MESSAGES[constraint])
  }
  // Data exceptions (a NUL character, a number out of range) are the request's fault.
  if (code?.startsWith('22')) {
    return new ApiError(400, 'The request holds a value the database cannot store')
  }
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
      .send(errorBody(known.statusCode, known.message, known.details, known.extra))
  }
  const statusCode = (error as FastifyError).statusCode
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return reply
      .status(statusCode)
      .send(errorBody(statusCode, clientMessage(error as FastifyError)))
  }
  request.log.error({ err: error }, 'request failed')
  return reply.status(500).send(errorBody(500, 'Internal server error'))
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is larger than 1 MiB'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json'
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A segment of the URL is longer than 100 characters'
    case 'FST_ERR_BAD_URL':
      return 'The URL is not valid'
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return 'Request body is not valid JSON'
      }
      return error.message
  }
}

/**
 * Requests Node refuses before Fastify sees them (headers too large, a malformed request line,
 * a timeout) still get the standard error body, over a connection that is then closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are larger than the server accepts']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP']
  const body = JSON.stringify(errorBody(statusCode, message))
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

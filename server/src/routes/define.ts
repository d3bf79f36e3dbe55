import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { z } from 'zod'
import type { Permission } from '@shared/contract'
import { authenticate, type Access, type Caller } from '../auth/guard'
import { auditReauthRefusal } from '../auth/reauth'
import type { ServerContext } from '../context'
import { ApiError, validationError } from '../errors'
import { assertWellFormedText } from './well-formed-text'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Handled<P, Q, B, A extends Access = Access> {
  params: P
  query: Q
  body: B
  /** Who is calling: always known on session and permission routes, never on public ones. */
  caller: A extends 'public' ? undefined : Caller
  request: FastifyRequest
  reply: FastifyReply
}

/** One endpoint: its inputs as zod schemas, checked before the handler runs, and its documentation. */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown, A extends Access = Access> {
  method: Method
  url: string
  /** Unique across the API: the name a generated client gives the call. */
  operationId: string
  summary: string
  tag: string
  /** Who may call it: every admin route names exactly one permission of the catalogue. */
  access: A
  /** A public route that also reads a Bearer token when one is sent (documented as optional). */
  optionalBearer?: boolean
  params?: z.ZodType<P>
  query?: z.ZodType<Q>
  body?: z.ZodType<B>
  /** Success status and the schema of what it returns (none for an empty answer). */
  status?: number
  response?: z.ZodType
  /** The success answer's media type when not JSON; `response` then describes one item of it. */
  contentType?: string
  /** Error statuses worth documenting beyond 400/401/403. */
  errors?: number[]
  rateLimit?: RouteOptions['config']
  handler(input: Handled<P, Q, B, A>): Promise<unknown>
}

/** The permission a route requires, if any: public and session routes need none. */
export function requiredPermission(spec: RouteSpec): Permission | undefined {
  return spec.access === 'public' || spec.access === 'session' ? undefined : spec.access
}

/** Keeps each spec's types while collecting specs of different shapes in one list. */
export function route<P = unknown, Q = unknown, B = unknown, A extends Access = Access>(
  spec: RouteSpec<P, Q, B, A>,
): RouteSpec {
  return spec as unknown as RouteSpec
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T
  if (
    where === 'body' &&
    (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
  ) {
    throw new ApiError(400, 'Request body must be a JSON object')
  }
  assertWellFormedText(value, where)
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error, where)
  return result.data
}

export function registerRoutes(app: FastifyInstance, ctx: ServerContext, specs: RouteSpec[]) {
  for (const spec of specs) {
    app.route({
      method: spec.method,
      url: spec.url,
      config: spec.rateLimit,
      handler: async (request, reply) => {
        const caller = await authenticate(ctx, request, spec.access)
        const params = parse(spec.params, request.params, 'params')
        const query = parse(spec.query, request.query, 'query')
        const body = parse(spec.body, request.body, 'body')
        const result = await spec
          .handler({ params, query, body, caller, request, reply })
          .catch(async (error: unknown) => {
            const route = `${request.method} ${request.routeOptions.url ?? request.url}`
            await auditReauthRefusal(ctx, ctx.db, caller, route, error)
            throw error
          })
        if (reply.sent) return reply
        reply.status(spec.status ?? 200)
        return result === undefined ? reply.send() : result
      },
    })
  }
}

const MAX_ID = 2_147_483_647
const ID_MESSAGE = `must be a whole number from 1 to ${MAX_ID}, in plain digits`

/**
 * A path id such as the 42 of `/api/admin/users/42`: plain decimal digits only, so that `0x10`,
 * `1e1`, ` 1` or `1\n` never name another user, and within the int4 range of the ids.
 */
export const positiveId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { error: ID_MESSAGE })
  .transform(Number)
  .refine((id) => id <= MAX_ID, { error: ID_MESSAGE })

export const idParams = z.object({ id: positiveId })

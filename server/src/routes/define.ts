import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { z } from 'zod'
import { authenticate, type Access, type Caller } from '../auth/guard'
import type { ServerContext } from '../context'
import { ApiError, validationError } from '../errors'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Handled<P, Q, B> {
  params: P
  query: Q
  body: B
  caller: Caller | undefined
  request: FastifyRequest
  reply: FastifyReply
}

/** One endpoint: its inputs as zod schemas, checked before the handler runs, and its documentation. */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: Method
  url: string
  summary: string
  tag: string
  access: Access
  params?: z.ZodType<P>
  query?: z.ZodType<Q>
  body?: z.ZodType<B>
  /** Success status and the schema of what it returns (none for an empty answer). */
  status?: number
  response?: z.ZodType
  /** Error statuses worth documenting beyond 400/401/403. */
  errors?: number[]
  rateLimit?: RouteOptions['config']
  handler(input: Handled<P, Q, B>): Promise<unknown>
}

/** Keeps each spec's types while collecting specs of different shapes in one list. */
export function route<P = unknown, Q = unknown, B = unknown>(spec: RouteSpec<P, Q, B>): RouteSpec {
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
        const result = await spec.handler({ params, query, body, caller, request, reply })
        if (reply.sent) return reply
        reply.status(spec.status ?? 200)
        return result === undefined ? reply.send() : result
      },
    })
  }
}

/** A path id such as the 42 of `/api/admin/users/42`: a positive whole number. */
export const positiveId = z.coerce
  .number({ error: 'must be a positive whole number' })
  .int({ error: 'must be a positive whole number' })
  .positive({ error: 'must be a positive whole number' })
  .max(2_147_483_647, { error: 'must be a positive whole number' })

export const idParams = z.object({ id: positiveId })

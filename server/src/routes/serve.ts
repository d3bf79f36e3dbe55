import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { z } from 'zod'
import type { Access, Endpoint, Parsed } from '@shared/contract'
import { authenticate, type Caller } from '../auth/guard'
import { auditReauthRefusal } from '../auth/reauth'
import type { ServerContext } from '../context'
import { badRequest, validationError } from '../errors'
import { assertWellFormedText } from './well-formed-text'

/** A request's parts, each parsed by its endpoint's schema before the handler runs. */
export interface Handled<E extends Endpoint> {
  params: Parsed<E['params']>
  query: Parsed<E['query']>
  body: Parsed<E['body']>
  request: FastifyRequest
  reply: FastifyReply
}

/** The same, for an endpoint that needs a signed-in caller: who is calling. */
export interface SignedIn<E extends Endpoint> extends Handled<E> {
  caller: Caller
}

type Config = RouteOptions['config']
type SignedInEndpoint = Endpoint & { access: Exclude<Access, 'public'> }
type PublicEndpoint = Endpoint & { access: 'public' }

/** What a resource's plugin declares its routes with. */
export interface Routes {
  serve<E extends SignedInEndpoint>(
    endpoint: E,
    handler: (input: SignedIn<E>) => Promise<unknown>,
    config?: Config,
  ): void
  servePublic<E extends PublicEndpoint>(
    endpoint: E,
    handler: (input: Handled<E>) => Promise<unknown>,
    config?: Config,
  ): void
}

/** A signed-in endpoint's handler, as the routes of another resource may run it (a dry run). */
export type SignedInHandler = (input: SignedIn<Endpoint>) => Promise<unknown>

export interface ResourceOptions {
  ctx: ServerContext
  /** Every endpoint served, in order, for the OpenAPI document. */
  served: Endpoint[]
  /** The handler of every signed-in endpoint served, for the effect of a change (issue 57). */
  handlers: Map<Endpoint, SignedInHandler>
}

function parse<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  where: string,
): Parsed<S> {
  // An endpoint without a schema for this part hands its handler nothing of it.
  if (!schema) return undefined as Parsed<S>
  if (
    where === 'body' &&
    (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
  ) {
    throw badRequest('body_not_object')
  }
  assertWellFormedText(value, where)
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error, where)
  return result.data as Parsed<S>
}

const parts = <E extends Endpoint>(
  endpoint: E,
  request: FastifyRequest,
): Pick<Handled<E>, 'params' | 'query' | 'body'> => ({
  params: parse<E['params']>(endpoint.params, request.params, 'params'),
  query: parse<E['query']>(endpoint.query, request.query, 'query'),
  body: parse<E['body']>(endpoint.body, request.body, 'body'),
})

/** Fastify's spelling of a path: `:id` for OpenAPI's `{id}`. */
const routeUrl = (endpoint: Endpoint) => endpoint.path.replace(/\{(\w+)\}/g, ':$1')

/**
 * One Fastify plugin per resource: `declare` registers each of its routes from an endpoint of
 * the contract's table. Every route authenticates its caller (unless public) before anything
 * of the request is read, then parses each part by the endpoint's schema; a re-authentication
 * it refuses is audited.
 */
export function resource(
  declare: (routes: Routes, ctx: ServerContext, handlers: ResourceOptions['handlers']) => void,
): FastifyPluginAsync<ResourceOptions> {
  return async (app, { ctx, served, handlers }) => {
    /** Registers the route of `endpoint`: `run` handles the request; the answer's status is the endpoint's. */
    const register = (
      endpoint: Endpoint,
      config: Config,
      run: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    ) => {
      served.push(endpoint)
      app.route({
        method: endpoint.method,
        url: routeUrl(endpoint),
        config,
        handler: async (request, reply) => {
          const result = await run(request, reply)
          if (reply.sent) return reply
          reply.status(endpoint.status ?? 200)
          return result === undefined ? reply.send() : result
        },
      })
    }
    function serve<E extends SignedInEndpoint>(
      endpoint: E,
      handler: (input: SignedIn<E>) => Promise<unknown>,
      config?: Config,
    ) {
      handlers.set(endpoint, handler as SignedInHandler)
      register(endpoint, config, async (request, reply) => {
        const caller = await authenticate(ctx, request, endpoint.access)
        return handler({ ...parts(endpoint, request), caller, request, reply }).catch(
          async (error: unknown) => {
            const route = `${request.method} ${request.routeOptions.url ?? request.url}`
            await auditReauthRefusal(ctx, ctx.db, caller, route, error)
            throw error
          },
        )
      })
    }
    function servePublic<E extends PublicEndpoint>(
      endpoint: E,
      handler: (input: Handled<E>) => Promise<unknown>,
      config?: Config,
    ) {
      register(endpoint, config, (request, reply) =>
        handler({ ...parts(endpoint, request), request, reply }),
      )
    }
    declare({ serve, servePublic }, ctx, handlers)
  }
}

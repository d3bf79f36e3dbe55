import { z } from 'zod'
import type { Permission } from './permissions'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Who may call an endpoint: anyone, any signed-in user, or a signed-in user holding a permission. */
export type Access = 'public' | 'session' | Permission

/**
 * One operation of the API, as both sides read it: the server registers its route from it, the
 * console's client makes its call from it, and the OpenAPI document is generated from it.
 */
export interface Endpoint {
  method: Method
  /** With `{name}` for each path parameter, as OpenAPI writes it. */
  path: string
  summary: string
  tag: string
  access: Access
  /** A public endpoint that also reads a Bearer token when one is sent (documented as optional). */
  optionalBearer?: boolean
  /**
   * When the server asks for a recent re-authentication (`reauth_required`): always, or when
   * the change reaches someone who holds or could hold a permission, or hands out administration
   * rights (docs/SECURITY.md lists which).
   */
  reauth?: 'always' | 'when-rights-move'
  params?: z.ZodType
  query?: z.ZodType
  /** Always a JSON object when present. */
  body?: z.ZodType
  /** Success status when not 200. */
  status?: number
  /** What a success answers; none for an empty answer. */
  output?: z.ZodType
  /** The success answer's media type when not JSON; `output` then describes one item of it. */
  contentType?: string
  /** Error statuses worth documenting beyond 400/401/403. */
  errors?: number[]
}

/** Keeps an endpoint's exact schemas and literals, for the types both sides derive from them. */
export const endpoint = <const E extends Endpoint>(spec: E): E => spec

/** What a part of a request holds once its schema parsed it; undefined when it has none. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

type Sent<S> = S extends z.ZodType ? z.input<S> : unknown
type InPath<S> = S extends z.ZodType ? z.output<S> : unknown

/**
 * A call's input as the console sends it, in one object: the path's parameters (as the server
 * reads them: numbers for ids), then the query (GET, DELETE) or the body (POST, PUT); nothing
 * for an endpoint that takes none.
 */
export type EndpointInput<E extends Endpoint> = E extends
  { params: z.ZodType } | { query: z.ZodType } | { body: z.ZodType }
  ? InPath<E['params']> & Sent<E['query']> & Sent<E['body']>
  : undefined

/** What a call answers: its output, or null for an empty answer. */
export type EndpointOutput<E extends Endpoint> = E['output'] extends z.ZodType
  ? z.output<E['output']>
  : null

const MAX_ID = 2_147_483_647
const ID_MESSAGE = `must be a whole number from 1 to ${MAX_ID}, in plain digits`

/**
 * A path id such as the 42 of `/api/admin/users/42`: plain decimal digits only, so that `0x10`,
 * `1e1`, ` 1` or `1\n` never name another user, and within the int4 range of the ids.
 */
export const pathId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { error: ID_MESSAGE })
  .transform(Number)
  .refine((id) => id <= MAX_ID, { error: ID_MESSAGE })

export const idParams = z.object({ id: pathId })

/** The names of a path's parameters, in order: `['id', 'roleId']` of `/users/{id}/roles/{roleId}`. */
export const pathParameters = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)

/** An endpoint's path with its parameters filled in, each encoded: `/api/admin/users/42/lock`. */
export function pathTo(endpoint: Endpoint, input: object): string {
  const values = new Map(Object.entries(input))
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values.get(name))),
  )
}

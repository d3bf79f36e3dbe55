import { z } from 'zod'
import { apiErrorSchema, endpoints, type Endpoint, type Permission } from '@shared/contract'

type JsonSchema = Record<string, unknown>

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return []
  const json = toSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }))
}

const REASONS: Record<number, string> = {
  400: 'Invalid input; the message names the field',
  401: 'No, invalid or expired token or session',
  403: 'Refused: a permission this needs is missing (see x-permission), or the account may not do it',
  404: 'Not found',
  409: 'Conflicts with the current state',
  412: 'If-Match does not match the current version',
  413: 'Body larger than 1 MiB',
  429: 'Too many attempts; Retry-After says when to try again',
}

const TAGS: Record<string, string> = {
  auth: 'Signing in and out, refreshing a session, setting a password from a reset link',
  users: 'Users: profile, status, password reset, roles and groups held',
  roles: 'Roles and the groups that contain them',
  groups: 'Groups and the roles they contain',
  audit: 'The audit log of every change',
  effects: 'What a change would do to who may do what, before it is made',
}

/** Each endpoint's operationId: its name in the table. */
const operationIds = new Map<Endpoint, string>(
  Object.entries(endpoints).map(([name, endpoint]) => [endpoint, name]),
)

/** The permission an endpoint requires, if any: public and session endpoints need none. */
const permissionOf = (spec: Endpoint): Permission | undefined =>
  spec.access === 'public' || spec.access === 'session' ? undefined : spec.access

/** The OpenAPI 3.1 document of the endpoints served, built from the same zod schemas that check requests. */
export function openApiDocument(specs: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const spec of specs) {
    const status = spec.status ?? 200
    const permission = permissionOf(spec)
    const errors = [
      400,
      ...(spec.access === 'public' ? [] : [401]),
      ...(permission ? [403] : []),
      ...(spec.errors ?? []),
    ]
    const responses: Record<string, unknown> = {
      [status]: spec.output
        ? {
            description: 'Success',
            content: {
              [spec.contentType ?? 'application/json']: {
                schema: toSchema(spec.output, 'output'),
              },
            },
          }
        : { description: 'Success' },
    }
    for (const code of errors) {
      responses[code] = {
        description: REASONS[code] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      }
    }
    const operations = (paths[spec.path] ??= {})
    operations[spec.method.toLowerCase()] = {
      operationId: operationIds.get(spec),
      summary: spec.summary,
      tags: [spec.tag],
      // The one permission of the catalogue the caller must hold (issue 29).
      ...(permission ? { 'x-permission': permission } : {}),
      // When it answers reauth_required until POST /auth/reauth (docs/SECURITY.md).
      ...(spec.reauth ? { 'x-reauth': spec.reauth } : {}),
      // Public operations say so: without it they would inherit no rule and read as unspecified.
      security:
        spec.access !== 'public'
          ? [{ bearer: [] }]
          : spec.optionalBearer
            ? [{}, { bearer: [] }]
            : [],
      parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
      ...(spec.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(spec.body, 'input') } },
            },
          }
        : {}),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Admin Console API',
      version: '1.0.0',
      description: 'The reference admin API of the Admin Console (SPEC.md section 7).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the document is served by the API it describes, wherever that runs.
    servers: [{ url: '/' }],
    tags: [...new Set(specs.map((spec) => spec.tag))].map((name) => ({
      name,
      description: TAGS[name] ?? name,
    })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: toSchema(apiErrorSchema, 'output') },
    },
    paths,
  }
}

import type { TestServer } from './server'

/** A JSON Schema of the served OpenAPI document, as far as the tests that generate requests read it. */
export type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: Schema
}

/** One operation of the document: the server's route table as it serves it. */
export interface Operation {
  method: string
  path: string
  operationId: string
  security: unknown[]
  parameters: Parameter[]
  body?: Schema
}

/** Every operation the server's `/openapi.json` lists. */
export async function servedOperations(server: TestServer): Promise<Operation[]> {
  const document = (await server.request('GET', '/openapi.json')).body as {
    paths: Record<
      string,
      Record<
        string,
        Omit<Operation, 'method' | 'path'> & {
          requestBody?: { content: Record<string, { schema: Schema }> }
        }
      >
    >
  }
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      security: operation.security,
      parameters: operation.parameters,
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  )
}

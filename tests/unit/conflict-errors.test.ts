import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { apiErrorSchema } from '@shared/contract'
import { CONFLICT_MESSAGE, handleError } from '../../server/src/errors'

const failingWith = async (code: string) => {
  const app = Fastify()
  app.setErrorHandler(handleError)
  app.get('/', async () => {
    throw Object.assign(new Error('PostgreSQL ended the statement'), { code })
  })
  const reply = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return reply
}

test.each([
  ['a deadlock', '40P01'],
  ['a serialization failure', '40001'],
])('%s the retries did not get past is a 503 to try again, not a 500', async (_, code) => {
  const reply = await failingWith(code)
  expect(reply.statusCode).toBe(503)
  expect(reply.headers['retry-after']).toBe('1')
  expect(apiErrorSchema.parse(reply.json())).toMatchObject({
    statusCode: 503,
    error: 'Service Unavailable',
    message: CONFLICT_MESSAGE,
  })
})

test('another database failure stays a 500 that tells nothing', async () => {
  const reply = await failingWith('42P01')
  expect(reply.statusCode).toBe(500)
  expect(reply.json()).toMatchObject({ message: 'Internal server error' })
})

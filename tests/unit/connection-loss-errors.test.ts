import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { ExportsBusyError } from '../../server/src/db/exports-busy'
import { EXPORTS_BUSY_MESSAGE, UNREACHABLE_MESSAGE, handleError } from '../../server/src/errors'
import { apiErrorSchema } from '../../src/shared/contract'

const failingWith = async (error: Error) => {
  const app = Fastify()
  app.setErrorHandler(handleError)
  app.get('/', async () => {
    throw error
  })
  const reply = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return reply
}

const coded = (code: string) => Object.assign(new Error('the connection failed'), { code })

test.each([
  ['PostgreSQL ending the backend (admin shutdown)', coded('57P01')],
  ['PostgreSQL crashing', coded('57P02')],
  ['PostgreSQL starting up', coded('57P03')],
  ['PostgreSQL out of connections', coded('53300')],
  ['a connection failure', coded('08006')],
  ['no connection made', coded('08001')],
  ['a reset socket', coded('ECONNRESET')],
  ['nobody listening', coded('ECONNREFUSED')],
  ['pg seeing its socket close', new Error('Connection terminated unexpectedly')],
  ['pg giving up opening one', new Error('Connection terminated due to connection timeout')],
  ['a wait on a full pool running out', new Error('timeout exceeded when trying to connect')],
])('%s is a 503 to try again in a moment, not a 500', async (_, error) => {
  const reply = await failingWith(error)
  expect(reply.statusCode).toBe(503)
  expect(reply.headers['retry-after']).toBe('1')
  expect(apiErrorSchema.parse(reply.json())).toMatchObject({
    statusCode: 503,
    error: 'Service Unavailable',
    message: UNREACHABLE_MESSAGE,
  })
})

test('an export refused for want of a connection says so, with a 503', async () => {
  const reply = await failingWith(new ExportsBusyError())
  expect(reply.statusCode).toBe(503)
  expect(reply.headers['retry-after']).toBe('1')
  expect(reply.json()).toMatchObject({ message: EXPORTS_BUSY_MESSAGE })
})

test('a failure that only mentions a connection stays a 500', async () => {
  const reply = await failingWith(new Error('the connection string names no database'))
  expect(reply.statusCode).toBe(500)
})

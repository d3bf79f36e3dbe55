import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Endpoint } from '@shared/contract'
import { createForwarder } from './audit/forwarder'
import { withRequestOrigin } from './audit/request-origin'
import { openSink } from './audit/open-sink'
import { loadSigningKey } from './auth/tokens'
import type { ServerConfig } from './config'
import type { ServerContext } from './context'
import { bootstrapAdmin, type Bootstrap } from './db/bootstrap'
import { migrate } from './db/migrate'
import { openDatabase } from './db/open'
import type { Database } from './db/database'
import { dryRunnable } from './db/dry-run'
import { startNoteFolder } from './db/user-list/note-folds'
import { warmOrderAnchors } from './db/user-list/order-anchors'
import { createSecurityAudit } from './db/audit'
import { codedRefusal } from '@shared/contract'
import {
  RETRY_AFTER_SECONDS,
  badRequest,
  handleClientError,
  handleError,
  refusalBody,
  withErrorCode,
} from './errors'
import { startGrantEnder } from './grant-ender'
import { startImportRunCloser } from './import-run-closer'
import { createMailer } from './mail/mailer'
import { dependencyChecks } from './observability/health'
import { registerMetrics } from './observability/metrics'
import { createMailSender } from './mail/sender'
import { groupRoutes, roleRoutes } from './routes/access'
import { auditRoutes } from './routes/audit'
import { policyRoutes } from './routes/policies'
import { startDailyRun } from './dormant/daily-run'
import { bulkRoutes } from './routes/bulk'
import { effectRoutes } from './routes/effects'
import { authRoutes } from './routes/auth'
import { openApiDocument } from './routes/openapi'
import { secondFactorRoutes } from './routes/second-factor'
import { userAccessRoutes } from './routes/user-access'
import { userExportRoutes } from './routes/user-export'
import { userImportRoutes } from './routes/user-import'
import { userPasswordRoutes } from './routes/user-password'
import { userSecondFactorRoutes } from './routes/user-second-factor'
import { userSessionRoutes } from './routes/user-sessions'
import { userStatusRoutes } from './routes/user-status'
import { userRoutes } from './routes/users'
import type { ResourceOptions } from './routes/serve'

export const BODY_LIMIT_BYTES = 1024 * 1024

/** Security records of each action (failed sign-ins, refused calls) an instance writes a minute. */
const SECURITY_AUDIT_PER_MINUTE = 120

/** Sent with every answer: nothing of the API may be cached, sniffed or leak through a Referer. */
const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

export interface BuiltServer {
  app: FastifyInstance
  context: ServerContext
  /** The first administrator, when this start created one. */
  bootstrap: Bootstrap | undefined
}

/**
 * The reference admin API: opens the database (unless given one the caller opened, such as a
 * test's copy of a migrated one), applies migrations, makes sure there is an administrator, and
 * returns a Fastify instance ready to `listen()` or `inject()`.
 */
export async function buildServer(config: ServerConfig, opened?: Database): Promise<BuiltServer> {
  const db = dryRunnable(opened ?? (await openDatabase(config)))
  try {
    await migrate(db)
    const bootstrap = await bootstrapAdmin(db, config.admin)
    const requestTimeout = config.requestTimeoutSeconds * 1000
    const app = Fastify({
      bodyLimit: BODY_LIMIT_BYTES,
      // Headers and body together, so a client trickling either holds no connection for long
      // (Fastify's default is no limit). Node checks it every `connectionsCheckingInterval`, and
      // misses the body's limit while the headers' own (60 s by default) is longer.
      requestTimeout,
      http: {
        headersTimeout: requestTimeout,
        connectionsCheckingInterval: Math.min(1000, requestTimeout),
      },
      // Closing ends every connection: a streamed export whose client went away a moment before
      // must not hold the stop up while its socket winds down.
      forceCloseConnections: true,
      logger: {
        level: config.logLevel,
        // Tokens and passwords never reach the log.
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
      clientErrorHandler: handleClientError,
      // A path segment over the length limit (414) or not decodable (400) gets the standard body.
      frameworkErrors: (error, request, reply) => {
        handleError(error, request, reply)
      },
    })
    const auditSinks = config.auditSinks.map(openSink)
    const context: ServerContext = {
      config,
      db,
      signingKey: await loadSigningKey(db),
      mail: createMailSender(
        db,
        createMailer(config.mail, app.log),
        app.log,
        config.mail.smtpTimeoutSeconds,
      ),
      securityAudit: createSecurityAudit(SECURITY_AUDIT_PER_MINUTE),
      auditSinks,
      forwarder: createForwarder(db, auditSinks, {
        batchSize: config.auditForwardBatchSize,
        onError: (sink, error) =>
          app.log.warn({ err: error }, `Audit records were not delivered to the ${sink.name} sink`),
      }),
      grantEnder: startGrantEnder(db, config.clock, (error) =>
        app.log.warn({ err: error }, 'Ended grants were not taken away'),
      ),
      importRunCloser: startImportRunCloser(db, config.clock, (error) =>
        app.log.warn({ err: error }, 'Unfinished import runs were not audited'),
      ),
    }
    // JSON only; clients may send an empty body with a JSON content type on body-less actions.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
      const source = String(text)
      if (source.trim() === '') return done(null, undefined)
      try {
        done(null, JSON.parse(source))
      } catch {
        done(badRequest('body_not_json'), undefined)
      }
    })
    app.setErrorHandler(handleError)
    // Every audit record written while handling a request names its address and id.
    app.addHook('onRequest', (request, _reply, done) => {
      withRequestOrigin({ clientAddress: request.ip, requestId: request.id }, done)
    })
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(SECURITY_HEADERS)
      return withErrorCode(reply, payload)
    })
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(
        refusalBody(
          404,
          codedRefusal('route_not_found', {
            method: request.method,
            path: request.url.split('?')[0] ?? '',
          }),
        ),
      ),
    )
    await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false })
    await app.register(rateLimit, { global: false })

    // Before the routes, so that its hook counts each of them.
    if (config.metricsToken) registerMetrics(app, context, config.metricsToken)
    const served: Endpoint[] = []
    const handlers: ResourceOptions['handlers'] = new Map()
    const resources = [
      authRoutes,
      secondFactorRoutes,
      userRoutes,
      userExportRoutes,
      ...(config.userImport ? [userImportRoutes] : []),
      userStatusRoutes,
      userPasswordRoutes,
      userSessionRoutes,
      userSecondFactorRoutes,
      userAccessRoutes,
      bulkRoutes,
      roleRoutes,
      groupRoutes,
      effectRoutes,
      auditRoutes,
      policyRoutes,
    ]
    for (const routes of resources) {
      await app.register(routes, { ctx: context, served, handlers })
    }
    const document = openApiDocument(served)
    app.get('/openapi.json', async () => document)
    // Up while the database answers; a failing mail server or audit sink is named, not a 503.
    app.get('/health', async (_request, reply) => {
      try {
        const checks = await dependencyChecks(context)
        const failing = Object.values(checks).includes('failing')
        return { status: failing ? 'degraded' : 'ok', checks }
      } catch {
        return reply
          .status(503)
          .header('retry-after', RETRY_AFTER_SECONDS)
          .send(refusalBody(503, codedRefusal('database_unavailable')))
      }
    })
    const noteFolder = startNoteFolder(db, (error) =>
      app.log.warn(
        { err: error },
        "The noted moves of the fragments' totals and cells were not folded in",
      ),
    )
    const dailyDormantRun = startDailyRun(context, (error) =>
      app.log.warn({ err: error }, 'The dormant-accounts policy did not run'),
    )
    app.addHook('onClose', async () => {
      dailyDormantRun.close()
      context.mail.close()
      await context.forwarder.close()
      await context.grantEnder.close()
      await context.importRunCloser.close()
      await noteFolder.close()
      await db.close()
    })
    // Deep pages read from anchors from the first request after a start (built before the server
    // listens); without them the list still works, only slower.
    await warmOrderAnchors(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'The anchors of the orders were not built at start'),
    )
    // Mail queued before a restart (or by an instance that stopped) goes out now.
    context.mail.kick()
    context.forwarder.start()
    return { app, context, bootstrap }
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}

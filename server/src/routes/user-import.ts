import { endpoints } from '@shared/contract'
import {
  type UserImportResponse,
  type UserImportResult,
  type UserImportRow,
} from '@shared/contract'
import { planImportRow, type ImportNames } from '@shared/user-import-plan'
import type { FastifyBaseLogger } from 'fastify'
import type { Caller } from '../auth/guard'
import { auditReauthRefusal } from '../auth/reauth'
import type { ServerContext } from '../context'
import { findImportNames, prefetchedLookups } from '../db/import-rows'
import { addToImportRun, auditImport, closeImportRun } from '../db/import-runs'
import { ApiError, databaseFailure, notFound } from '../errors'
import { resource } from './serve'
import { importChunk } from './user-import-chunk'
import {
  IMPORT_ROUTE,
  importRow,
  mayGiveIn,
  refusedResult,
  resultOf,
  ruleRefusal,
  type ImportOptions,
} from './user-import-rows'

/** Each row in a transaction of its own; a row that fails is its own result, never a 500. */
async function importRows(
  ctx: ServerContext,
  caller: Caller,
  rows: UserImportRow[],
  options: ImportOptions,
  names: ImportNames,
  log: FastifyBaseLogger,
): Promise<UserImportResult[]> {
  const results: UserImportResult[] = []
  for (const row of rows) {
    try {
      results.push(await importRow(ctx, caller, row, options, names))
    } catch (error) {
      // Earlier rows are committed already: a failure is this row's result, never a 500.
      // It reads as the row's own request would answer (a name taken, a lost connection).
      const known = error instanceof ApiError ? error : databaseFailure(error)
      if (!known) log.error({ err: error, row: row.row }, 'import of a row failed')
      await auditReauthRefusal(ctx, ctx.db, caller, IMPORT_ROUTE, error, { row: row.row })
      results.push(refusedResult(row, known ? known.message : 'Internal server error'))
    }
  }
  return results
}

/**
 * The rows applied: set-wise in one transaction (`importChunk`), or, when they interlock or
 * that transaction fails, each in a transaction of its own, so that a row is never half
 * applied and each says what became of it (docs/SERVER.md, "Importing users").
 */
async function applyRows(
  ctx: ServerContext,
  caller: Caller,
  rows: UserImportRow[],
  options: ImportOptions,
  names: ImportNames,
  log: FastifyBaseLogger,
): Promise<UserImportResult[]> {
  try {
    const results = await importChunk(ctx, caller, rows, options, names)
    if (results) return results
  } catch (error) {
    log.info({ err: error }, 'an import chunk failed; its rows are applied one by one')
  }
  return importRows(ctx, caller, rows, options, names, log)
}

/**
 * `POST /api/admin/users/import`: a part of a CSV file, checked (dryRun) or applied row by row;
 * `…/import/{importId}/finish`: the end of a run of such parts, audited once (issue 56).
 */
export const userImportRoutes = resource(({ serve }, ctx) => {
  const { db } = ctx
  serve(endpoints.importUsers, async ({ body, caller, request }): Promise<UserImportResponse> => {
    const names = await findImportNames(db, body.rows)
    let results: UserImportResult[]
    if (body.dryRun) {
      const lookups = await prefetchedLookups(db, body.rows, false)
      const mayGive = mayGiveIn(db, caller)
      results = []
      for (const row of body.rows) {
        const plan = await planImportRow(row, body, names, caller.id, lookups)
        const refusal =
          plan.outcome === 'created' || plan.outcome === 'updated'
            ? await ruleRefusal(db, caller, plan, mayGive)
            : undefined
        results.push(refusal ? refusedResult(row, refusal.message) : resultOf(row, plan))
      }
    } else {
      results = await applyRows(ctx, caller, body.rows, body, names, request.log)
    }
    const count = (outcome: UserImportResult['outcome']) =>
      results.filter((result) => result.outcome === outcome).length
    const summary = {
      dryRun: body.dryRun,
      results,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      failed: count('failed'),
    }
    if (!body.dryRun) {
      const totals = {
        file: body.fileName ?? null,
        rows: results.length,
        firstRow: body.rows[0]!.row,
        lastRow: body.rows.at(-1)!.row,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        failed: summary.failed,
      }
      const { importId } = body
      await db.transaction((tx) =>
        importId
          ? addToImportRun(
              tx,
              { importId, actor: caller, at: new Date(ctx.config.clock.now()) },
              totals,
            )
          : auditImport(tx, caller, totals, 'completed'),
      )
      if (summary.created > 0 && body.sendSetPasswordLink) ctx.mail.kick()
    }
    return summary
  })

  serve(endpoints.finishImport, async ({ params, body, caller }) => {
    return db.transaction(async (tx) => {
      const run = await closeImportRun(tx, params.importId, caller.id)
      if (!run) throw notFound('import_run_not_open')
      await auditImport(tx, run.actor, run.totals, body.ending)
      return run.totals
    })
  })
})

import { z } from 'zod'

/**
 * Our server's CSV import (issue 32): rows of a file, each created, updated or left alone in a
 * transaction of its own. Other servers of the contract do not have it.
 */

/** The rows one request may carry: each is its own transaction, so a request stays bounded. */
export const MAX_IMPORT_ROWS = 1000
/** Longer than any field the rules accept: the per-row check then says what is wrong. */
export const MAX_IMPORT_CELL_LENGTH = 1000
export const MAX_IMPORT_NAMES = 100

const cell = (field: string) =>
  z.string({ error: `${field} must be text` }).max(MAX_IMPORT_CELL_LENGTH, {
    error: `${field} must be at most ${MAX_IMPORT_CELL_LENGTH} characters`,
  })
const names = (field: string) =>
  z
    .array(cell(field), { error: `${field} must be a list of names` })
    .max(MAX_IMPORT_NAMES, { error: `${field} may name at most ${MAX_IMPORT_NAMES}` })

/**
 * One row of the file as it was read: the fields it gives, unchecked, so that each row's faults
 * come back as that row's result with the Add User messages. A field left out (an empty cell)
 * keeps what a present user has.
 */
export const userImportRowSchema = z.strictObject({
  /** The row's number in the file (the header is row 1), for reports. */
  row: z.number({ error: 'row must be a number' }).int().min(1).max(10_000_000),
  username: cell('username'),
  email: cell('email').optional(),
  firstName: cell('firstName').optional(),
  lastName: cell('lastName').optional(),
  phoneNumber: cell('phoneNumber').optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  roles: names('roles').optional(),
  groups: names('groups').optional(),
})
export type UserImportRow = z.infer<typeof userImportRowSchema>

export const userImportRequestSchema = z.strictObject({
  rows: z
    .array(userImportRowSchema, { error: 'rows must be a list of rows' })
    .min(1, { error: 'rows must hold at least one row' })
    .max(MAX_IMPORT_ROWS, { error: `rows may hold at most ${MAX_IMPORT_ROWS} rows` }),
  /** Answers what would happen, changing nothing (the preview). */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
  /** Rows of users already present change their profile, status, roles and groups (added). */
  updateExisting: z.boolean({ error: 'updateExisting must be true or false' }).default(false),
  /** Each new user is mailed a link to set a password; otherwise the account has no usable one. */
  sendSetPasswordLink: z
    .boolean({ error: 'sendSetPasswordLink must be true or false' })
    .default(true),
  /** The file's name, for the summary entry of the audit log. */
  fileName: cell('fileName').optional(),
  /**
   * The console's id of the run the request is part of (feature 'import-runs'): the run's
   * requests are audited together, by one entry written when the run is finished. Without it,
   * each request applied writes its own entry.
   */
  importId: z.uuid({ error: 'importId must be a UUID' }).optional(),
})
export type UserImportRequest = z.input<typeof userImportRequestSchema>

/** What happened to a row (on a dry run: what would). */
export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number]

export const importFieldErrorSchema = z.object({ field: z.string(), message: z.string() })
export type ImportFieldError = z.infer<typeof importFieldErrorSchema>

export const userImportResultSchema = z.object({
  row: z.number().int(),
  username: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The user created or already present. */
  id: z.number().int().optional(),
  /** True when the username belongs to a user already present. */
  present: z.boolean(),
  /** Why the row failed, field by field (empty otherwise). */
  errors: z.array(importFieldErrorSchema),
})
export type UserImportResult = z.infer<typeof userImportResultSchema>

export const userImportResponseSchema = z.object({
  dryRun: z.boolean(),
  results: z.array(userImportResultSchema),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  failed: z.number().int().min(0),
})
export type UserImportResponse = z.infer<typeof userImportResponseSchema>

/** A run with no request for this long, never finished, is summed up by the server. */
export const IMPORT_RUN_QUIET_MINUTES = 10

/** How a run of import requests ended, as its audit entry says (absent when it completed). */
export const IMPORT_RUN_ENDINGS = ['completed', 'cancelled', 'failed'] as const

export const importRunParamsSchema = z.object({
  importId: z.uuid({ error: 'importId must be a UUID' }),
})

export const importRunFinishSchema = z.strictObject({
  /** Completed, Cancel pressed, or stopped by a request that failed as a whole. */
  ending: z.enum(IMPORT_RUN_ENDINGS, {
    error: `ending must be one of ${IMPORT_RUN_ENDINGS.join(', ')}`,
  }),
})
export type ImportRunFinish = z.infer<typeof importRunFinishSchema>

/** A run's totals over its applied requests: what its one `user.import` entry records. */
export const importRunTotalsSchema = z.object({
  file: z.string().nullable(),
  rows: z.number().int().min(0),
  firstRow: z.number().int(),
  lastRow: z.number().int(),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  failed: z.number().int().min(0),
})
export type ImportRunTotals = z.infer<typeof importRunTotalsSchema>

import { endpoint } from '../endpoint'
import { userSchema } from '../user'
import { USER_EXPORT_CONTENT_TYPE, userExportQuerySchema } from '../user-export'
import {
  IMPORT_RUN_QUIET_MINUTES,
  MAX_IMPORT_ROWS,
  importRunFinishSchema,
  importRunParamsSchema,
  importRunTotalsSchema,
  userImportRequestSchema,
  userImportResponseSchema,
} from '../user-import'

/** Our server's export and import of users (issues 14 and 32); other servers may not have them. */
export const userTransferEndpoints = {
  exportUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users/export',
    summary:
      'Every user the search and filters select, in the sort, streamed as NDJSON (one user per line); X-Total-Count says how many',
    tag: 'users',
    access: 'users.read',
    query: userExportQuerySchema,
    output: userSchema,
    contentType: USER_EXPORT_CONTENT_TYPE,
  }),
  importUsers: endpoint({
    method: 'POST',
    path: '/api/admin/users/import',
    summary: `Create users from rows of a CSV file (at most ${MAX_IMPORT_ROWS}), each applied wholly or not at all: a username already present is left alone, or updated (profile, status, roles and groups added) with updateExisting. dryRun answers what would happen and changes nothing. Answers each row's outcome and errors by field`,
    tag: 'users',
    access: 'users.create',
    reauth: 'when-rights-move',
    body: userImportRequestSchema,
    output: userImportResponseSchema,
  }),
  finishImport: endpoint({
    method: 'POST',
    path: '/api/admin/users/import/{importId}/finish',
    summary: `End a run of import requests sent with this importId (feature 'import-runs'): writes its one user.import audit entry with the file's totals and answers them. 404 when the caller has no such run open: finished already, never applied a row, or summed up by the server after ${IMPORT_RUN_QUIET_MINUTES} quiet minutes`,
    tag: 'users',
    access: 'users.create',
    params: importRunParamsSchema,
    body: importRunFinishSchema,
    output: importRunTotalsSchema,
    errors: [404],
  }),
}

import { writeFile } from 'node:fs/promises'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportPorts } from '../export/report-writer'

export const RECOVERY_CODES_FILE_NAME = 'admin-console-recovery-codes.txt'

/**
 * The recovery codes just shown, saved where the native save dialog says: one a line, with
 * what they are for, so that the file found later explains itself.
 */
export async function saveRecoveryCodes(
  chooseFile: ExportPorts['chooseFile'],
  recoveryCodes: string[],
  serverUrl: string,
): Promise<ExportOutcome> {
  const file = await chooseFile(RECOVERY_CODES_FILE_NAME, 'txt')
  if (!file) return { status: 'cancelled' }
  const text = [
    `Admin Console recovery codes for ${serverUrl}`,
    'Each code signs in once in place of a code from your authenticator app.',
    '',
    ...recoveryCodes,
    '',
  ].join('\n')
  await writeFile(file, text, { mode: 0o600 })
  return { status: 'saved', file, rows: recoveryCodes.length }
}

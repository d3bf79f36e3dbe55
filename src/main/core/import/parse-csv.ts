import Papa from 'papaparse'
import type { UserImportRow } from '../../../shared/contract'
import { IMPORT_MESSAGES } from '../../../shared/user-import-messages'

/** Limits of a file the console imports (issue 32 point 6). */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024
export const MAX_IMPORT_FILE_ROWS = 200_000

/** The fields a column can fill, by its header lower-cased without spaces, `_` or `-`. */
const COLUMN_FIELDS: Record<string, ImportField> = {
  username: 'username',
  email: 'email',
  firstname: 'firstName',
  lastname: 'lastName',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
  active: 'active',
  roles: 'roles',
  groups: 'groups',
}
type ImportField = Exclude<keyof UserImportRow, 'row'>

const headerKey = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '')

/** Words of the Active column: ours, a spreadsheet's, and what the console's export writes. */
const ACTIVE_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  active: true,
  false: false,
  no: false,
  '0': false,
  inactive: false,
}

/** A file refused as a whole: nothing of it is sent. */
export class ImportFileError extends Error {}

/** A fault found in the file itself, before the server sees the row. */
export interface LocalRowError {
  row: number
  field: string
  message: string
}

export interface ParsedImport {
  /** The rows to send, in file order. */
  rows: UserImportRow[]
  /** Rows refused here (a bad Active word, a repeated username or email), by row number. */
  errors: LocalRowError[]
  /** The usernames of every row, for reports, by row number. */
  usernames: Map<number, string>
  /** Headers matching no field, as written in the file. */
  unknownColumns: string[]
  /** Every row of the file (sent or refused). */
  total: number
}

/**
 * The export escapes a cell a spreadsheet would run as a formula with a leading `'`
 * (`csv.ts`): read back, the quote goes, so a file we exported imports as it is.
 */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

/**
 * Text of a CSV file: UTF-8, with or without BOM. Refused when it is binary, not UTF-8, or
 * larger than MAX_IMPORT_FILE_BYTES.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_FILE_BYTES) throw new ImportFileError(IMPORT_MESSAGES.tooLarge)
  if (bytes.includes(0)) throw new ImportFileError(IMPORT_MESSAGES.binary)
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.notUtf8)
  }
}

/** The delimiter of the header line: a semicolon where it splits more than a comma does. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/))
  const count = (mark: string) => header.split(mark).length
  return count(';') > count(',') ? ';' : ','
}

/**
 * The rows of a CSV file's text: columns found by header (case and spacing ignored), comma or
 * semicolon, CRLF or LF, quoted fields with line breaks. The header is row 1.
 */
export function parseImportCsv(text: string): ParsedImport {
  const delimiter = delimiterOf(text)
  let header: string[] | undefined
  let fields: (ImportField | undefined)[] = []
  const parsed: ParsedImport = {
    rows: [],
    errors: [],
    usernames: new Map(),
    unknownColumns: [],
    total: 0,
  }
  const seenUsernames = new Map<string, number>()
  const seenEmails = new Map<string, number>()
  let fault: ImportFileError | undefined
  let rowNumber = 1

  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step(result, parser) {
      const cells = result.data
      if (!header) {
        header = cells.map((cell) => cell.trim())
        fields = header.map((name) => COLUMN_FIELDS[headerKey(name)])
        if (header.some((name) => headerKey(name) === 'password')) {
          fault = new ImportFileError(IMPORT_MESSAGES.passwordColumn)
        } else if (!fields.includes('username')) {
          fault = new ImportFileError(IMPORT_MESSAGES.noUsernameColumn)
        }
        parsed.unknownColumns = header.filter((_, index) => fields[index] === undefined)
        if (fault) parser.abort()
        return
      }
      rowNumber += 1
      if (cells.length > header.length) {
        fault = new ImportFileError(IMPORT_MESSAGES.tooManyFields(rowNumber))
        parser.abort()
        return
      }
      if (rowNumber - 1 > MAX_IMPORT_FILE_ROWS) {
        fault = new ImportFileError(IMPORT_MESSAGES.tooManyRows)
        parser.abort()
        return
      }
      parsed.total += 1
      const row = readRow(rowNumber, cells, fields, parsed.errors)
      parsed.usernames.set(rowNumber, row.username)
      const repeated =
        repeatOf(seenUsernames, row.username, rowNumber, 'username', parsed.errors) ||
        (row.email !== undefined &&
          repeatOf(seenEmails, row.email, rowNumber, 'email', parsed.errors))
      if (!repeated && !parsed.errors.some((error) => error.row === rowNumber)) {
        parsed.rows.push(row)
      }
    },
  })
  if (fault) throw fault
  if (!header || parsed.total === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows)
  return parsed
}

/** One row's fields; an empty cell leaves its field out. */
function readRow(
  row: number,
  cells: string[],
  fields: (ImportField | undefined)[],
  errors: LocalRowError[],
): UserImportRow {
  const result: UserImportRow = { row, username: '' }
  fields.forEach((field, index) => {
    if (!field) return
    const cell = unescapeFormula(cells[index] ?? '').trim()
    if (cell === '') return
    if (field === 'active') {
      const active = ACTIVE_WORDS[cell.toLowerCase()]
      if (active === undefined) errors.push({ row, field, message: IMPORT_MESSAGES.activeWord })
      else result.active = active
    } else if (field === 'roles' || field === 'groups') {
      const names = cell
        .split(';')
        .map((name) => name.trim())
        .filter(Boolean)
      if (names.length > 0) result[field] = names
    } else {
      result[field] = cell
    }
  })
  return result
}

/** Records a username or email met in an earlier row as this row's error. */
function repeatOf(
  seen: Map<string, number>,
  value: string,
  row: number,
  field: 'username' | 'email',
  errors: LocalRowError[],
): boolean {
  const key = value.normalize('NFC').toLowerCase()
  if (key === '') return false
  const first = seen.get(key)
  if (first === undefined) {
    seen.set(key, row)
    return false
  }
  errors.push({ row, field, message: IMPORT_MESSAGES.repeated(field, value, first) })
  return true
}

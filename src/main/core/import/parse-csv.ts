import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import Papa from 'papaparse'
import type { UserImportRow } from '@shared/contract'
import { IMPORT_MESSAGES } from '@shared/user-import-messages'
import { isSpreadsheetFormula } from '../export/csv'

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

/** A field's name in an error when the file has no column for it (an email it lacks). */
const FIELD_LABELS: Record<ImportField, string> = {
  username: 'Username',
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  phoneNumber: 'Phone Number',
  active: 'Active',
  roles: 'Roles',
  groups: 'Groups',
}

const headerKey = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '')

/**
 * Words of the Active column: ours, a spreadsheet's (German Excel's TRUE and FALSE are WAHR and
 * FALSCH, issue 56), and what the console's export writes.
 */
const ACTIVE_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  active: true,
  wahr: true,
  false: false,
  no: false,
  '0': false,
  inactive: false,
  falsch: false,
}

/** A password column, in English or German (Passwort, Kennwort): refused with the whole file. */
const PASSWORD_HEADERS = new Set(['password', 'passwort', 'kennwort'])

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
  /**
   * A field of an error as the person who wrote the file knows it: its column's header
   * ("Last Name", not lastName, issue 56), else the field's label; anything else as it is.
   */
  fieldName(field: string): string
}

/**
 * The export escapes a cell a spreadsheet would run as a formula with a leading `'`
 * (`csv.ts`): read back, the quote goes, so a file we exported imports as it is.
 */
const unescapeFormula = (cell: string) =>
  cell.startsWith("'") && isSpreadsheetFormula(cell.slice(1)) ? cell.slice(1) : cell

/**
 * The text of a CSV file as its bytes arrive: UTF-8, with or without BOM. Refused when it is
 * binary, not UTF-8, or larger than MAX_IMPORT_FILE_BYTES.
 */
export async function* decodeCsv(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  let bytes = 0
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode()
    } catch {
      throw new ImportFileError(IMPORT_MESSAGES.notUtf8)
    }
  }
  for await (const chunk of source) {
    bytes += chunk.byteLength
    if (bytes > MAX_IMPORT_FILE_BYTES) throw new ImportFileError(IMPORT_MESSAGES.tooLarge)
    if (chunk.includes(0)) throw new ImportFileError(IMPORT_MESSAGES.binary)
    yield decode(chunk)
  }
  yield decode()
}

/** A file on disk, read and parsed as it streams in: never the whole file in memory. */
export async function readImportFile(path: string): Promise<ParsedImport> {
  if ((await stat(path)).size > MAX_IMPORT_FILE_BYTES) {
    throw new ImportFileError(IMPORT_MESSAGES.tooLarge)
  }
  return parseImportCsv(decodeCsv(createReadStream(path)))
}

const QUOTE = 34
const LINE_FEED = 10

/**
 * The text cut into runs of whole records: a line feed ends a record only outside quotes (a
 * doubled quote inside a quoted field leaves the count even), so each run parses on its own.
 */
async function* wholeRecords(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = ''
  let quoted = false
  for await (const chunk of chunks) {
    let end = -1
    for (let index = 0; index < chunk.length; index += 1) {
      const code = chunk.charCodeAt(index)
      if (code === QUOTE) quoted = !quoted
      else if (code === LINE_FEED && !quoted) end = index
    }
    if (end < 0) {
      pending += chunk
      continue
    }
    yield pending + chunk.slice(0, end + 1)
    pending = chunk.slice(end + 1)
  }
  if (pending !== '') yield pending
}

/** The delimiter of the header line: a semicolon where it splits more than a comma does. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/))
  const count = (mark: string) => header.split(mark).length
  return count(';') > count(',') ? ';' : ','
}

/**
 * The rows of a CSV file's text as it arrives: columns found by header (case and spacing
 * ignored), comma or semicolon (as the header line has it), CRLF or LF, quoted fields with line
 * breaks. The header is row 1.
 */
export async function parseImportCsv(chunks: AsyncIterable<string>): Promise<ParsedImport> {
  const rows = rowCollector()
  let delimiter: ',' | ';' | undefined
  for await (const records of wholeRecords(chunks)) {
    delimiter ??= delimiterOf(records)
    const { data } = Papa.parse<string[]>(records, { delimiter, skipEmptyLines: 'greedy' })
    if (!data.every(rows.take)) break
  }
  return rows.result()
}

/** Takes the rows one by one; `take` answers false once the file is refused as a whole. */
function rowCollector() {
  let header: string[] | undefined
  let fields: (ImportField | undefined)[] = []
  const parsed: ParsedImport = {
    rows: [],
    errors: [],
    usernames: new Map(),
    unknownColumns: [],
    total: 0,
    fieldName: (field) => headers.get(field) ?? FIELD_LABELS[field as ImportField] ?? field,
  }
  const headers = new Map<string, string>()
  const seenUsernames = new Map<string, number>()
  const seenEmails = new Map<string, number>()
  let fault: ImportFileError | undefined
  let rowNumber = 1

  const takeHeader = (cells: string[]) => {
    header = cells.map((cell) => cell.trim())
    fields = header.map((name) => COLUMN_FIELDS[headerKey(name)])
    if (header.some((name) => PASSWORD_HEADERS.has(headerKey(name)))) {
      fault = new ImportFileError(IMPORT_MESSAGES.passwordColumn)
    } else if (!fields.includes('username')) {
      fault = new ImportFileError(IMPORT_MESSAGES.noUsernameColumn)
    }
    parsed.unknownColumns = header.filter((_, index) => fields[index] === undefined)
    fields.forEach((field, index) => {
      if (field && !headers.has(field)) headers.set(field, header![index]!)
    })
  }

  const takeRow = (cells: string[], columns: number) => {
    rowNumber += 1
    if (cells.length > columns) {
      fault = new ImportFileError(IMPORT_MESSAGES.tooManyFields(rowNumber))
      return
    }
    if (rowNumber - 1 > MAX_IMPORT_FILE_ROWS) {
      fault = new ImportFileError(IMPORT_MESSAGES.tooManyRows)
      return
    }
    parsed.total += 1
    const errorsBefore = parsed.errors.length
    const row = readRow(rowNumber, cells, fields, parsed.errors)
    parsed.usernames.set(rowNumber, row.username)
    const repeated =
      repeatOf(seenUsernames, row.username, rowNumber, 'username', parsed.errors) ||
      (row.email !== undefined &&
        repeatOf(seenEmails, row.email, rowNumber, 'email', parsed.errors))
    if (!repeated && parsed.errors.length === errorsBefore) {
      parsed.rows.push(row)
    }
  }

  return {
    take(cells: string[]): boolean {
      if (header) takeRow(cells, header.length)
      else takeHeader(cells)
      return fault === undefined
    },
    result(): ParsedImport {
      if (fault) throw fault
      if (!header || parsed.total === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows)
      return parsed
    },
  }
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

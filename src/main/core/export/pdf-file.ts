import { deflateSync } from 'node:zlib'

/**
 * A PDF file put together object by object (ISO 32000-1 section 7.5): numbered objects, their
 * byte offsets in a cross-reference table, a trailer naming the catalog and the document info.
 * Just enough for a report drawn by hand; nothing is read back.
 */
export class PdfFile {
  private readonly bodies: (Buffer | undefined)[] = []

  /** A number for an object written later, so that others can refer to it first. */
  reserve(): number {
    this.bodies.push(undefined)
    return this.bodies.length
  }

  /** Writes an object's body, e.g. a dictionary "<< ... >>", under a reserved number. */
  set(number: number, body: string): number {
    this.bodies[number - 1] = Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1')
    return number
  }

  /** Adds a dictionary's object. */
  add(body: string): number {
    return this.set(this.reserve(), body)
  }

  /** Adds a stream compressed with Flate; `data` holds one byte per char ("latin1"). */
  addStream(data: string): number {
    const compressed = deflateSync(Buffer.from(data, 'latin1'))
    const number = this.reserve()
    this.bodies[number - 1] = Buffer.concat([
      Buffer.from(
        `${number} 0 obj\n<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`,
      ),
      compressed,
      Buffer.from('\nendstream\nendobj\n'),
    ])
    return number
  }

  /** The whole file; every reserved object must have been written. */
  bytes(catalog: number, info: number): Uint8Array {
    // The comment of bytes above 127 tells transfer tools the file is binary.
    const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
    let offset = parts[0]!.length
    const offsets: number[] = []
    for (const [index, body] of this.bodies.entries()) {
      if (!body) throw new Error(`PDF object ${index + 1} was reserved but never written`)
      offsets.push(offset)
      parts.push(body)
      offset += body.length
    }
    // Each entry of the table is exactly 20 bytes, its end of line included.
    const table = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')
    parts.push(
      Buffer.from(
        `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${table}` +
          `trailer\n<< /Size ${offsets.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\n` +
          `startxref\n${offset}\n%%EOF\n`,
        'latin1',
      ),
    )
    return Buffer.concat(parts)
  }
}

/** Text as a PDF text string in UTF-16BE with its byte order mark: any script, e.g. for a title. */
export function pdfTextString(text: string): string {
  const utf16 = Buffer.from(text, 'utf16le').swap16()
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`
}

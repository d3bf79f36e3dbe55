import { StandardFontEmbedder, StandardFonts } from 'pdf-lib'

/**
 * Helvetica and Helvetica-Bold, two of the fonts every PDF reader has, so a report embeds none:
 * which characters they draw (WinAnsiEncoding, about Latin-1), each one's byte and width; and
 * from Symbol, another such font, the arrow of the audit log's changes ("from → to").
 */
export interface Face {
  /** The PDF name the font is known by, and the font it names. */
  readonly baseFont: 'Helvetica' | 'Helvetica-Bold'
  /** The width of `text` at `size` points, in points; only for text that is `drawable`. */
  width(text: string, size: number): number
}

/** The largest code point WinAnsiEncoding has (™). */
const LAST_CODE_POINT = 0x2122

/** Spaces some ICU versions put in dates ("3:15 PM") and numbers, drawn as the plain one. */
const SPACES = /[\t\n\r\u2007\u2009\u202f]/g
/** Soft hyphens and zero-width characters, which a browser does not show either. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g

// pdf-lib's public enum of the fonts has the same names as its embedder's own.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0]
const embedders = {
  Helvetica: StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName),
  'Helvetica-Bold': StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName),
}
const symbol = StandardFontEmbedder.for(StandardFonts.Symbol as string as FontName)

/** The PDF resource name a page gives the Symbol font. */
export const SYMBOL_RESOURCE = '/F3'

/** Characters drawn in Symbol: byte and width (thousandths of the size) by code point. */
const SYMBOLS = new Map(
  ['→'].map((character) => {
    const codePoint = character.charCodeAt(0)
    const byte = symbol.encoding.encodeUnicodeCodePoint(codePoint).code
    return [codePoint, { byte, width: symbol.widthOfTextAtSize(character, 1000) }]
  }),
)

/** Byte of each code point in WinAnsiEncoding, or -1 where it has none; the same for both faces. */
const bytes = new Int16Array(LAST_CODE_POINT + 1).fill(-1)
for (let codePoint = 0x20; codePoint <= LAST_CODE_POINT; codePoint += 1) {
  if (embedders.Helvetica.encoding.canEncodeUnicodeCodePoint(codePoint))
    bytes[codePoint] = embedders.Helvetica.encoding.encodeUnicodeCodePoint(codePoint).code
}

function face(baseFont: Face['baseFont']): Face {
  const embedder = embedders[baseFont]
  // Widths in thousandths of the size, by byte.
  const widths = new Float64Array(256)
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint += 1)
    if (bytes[codePoint]! >= 0)
      widths[bytes[codePoint]!] = embedder.widthOfTextAtSize(String.fromCharCode(codePoint), 1000)
  return {
    baseFont,
    width(text, size) {
      let total = 0
      for (let index = 0; index < text.length; index += 1) {
        const codePoint = text.charCodeAt(index)
        const byte = bytes[codePoint] ?? -1
        total += byte >= 0 ? widths[byte]! : SYMBOLS.get(codePoint)!.width
      }
      return (total * size) / 1000
    },
  }
}

export const HELVETICA = face('Helvetica')
export const HELVETICA_BOLD = face('Helvetica-Bold')

/** The text as these fonts draw it: odd spaces and line breaks as plain spaces, no invisibles. */
export const plainText = (text: string): string => text.replace(SPACES, ' ').replace(INVISIBLE, '')

/** Whether every character of the (plain) text is one these fonts have. */
export function drawable(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const codePoint = text.charCodeAt(index)
    if ((bytes[codePoint] ?? -1) < 0 && !SYMBOLS.has(codePoint)) return false
  }
  return true
}

/**
 * The operators that show drawable text in the current font, `font` (e.g. "/F1 9 Tf"), at `size`:
 * PDF string literals of its bytes, one char per byte ("latin1"), with a switch to Symbol and
 * back around a character from there. Each string moves the pen on by its own width.
 */
export function showText(text: string, font: string, size: number): string {
  let shown = ''
  let literal = ''
  for (let index = 0; index < text.length; index += 1) {
    const codePoint = text.charCodeAt(index)
    const byte = bytes[codePoint] ?? -1
    if (byte < 0) {
      if (literal) shown += `(${literal}) Tj `
      literal = ''
      const octal = SYMBOLS.get(codePoint)!.byte.toString(8)
      shown += `${SYMBOL_RESOURCE} ${size} Tf (\\${octal}) Tj ${font} `
      continue
    }
    // The literal's own delimiters and escape character are escaped.
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) literal += '\\'
    literal += String.fromCharCode(byte)
  }
  return literal ? `${shown}(${literal}) Tj` : shown.trimEnd()
}

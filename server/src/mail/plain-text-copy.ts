import { writeFile } from 'node:fs/promises'

export interface PlainTextMail {
  from: string
  to: string
  subject: string
  text: string
}

/**
 * Writes the mail as plain UTF-8 text beside its outbox `.eml` and answers the file. The
 * `.eml` is quoted-printable (a long link is cut by soft line breaks and `=` reads `=3D`), so
 * this copy is the one a developer opens to copy a reset link. Owner-only: it holds the token.
 */
export async function writePlainTextCopy(emlFile: string, mail: PlainTextMail) {
  const file = emlFile.replace(/\.eml$/, '.txt')
  const text = `From: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`
  await writeFile(file, text, { encoding: 'utf8', mode: 0o600 })
  return file
}

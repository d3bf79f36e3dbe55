import { PDFDocument } from 'pdf-lib'

/** One PDF of the given ones' pages, in order, titled as the first. */
export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0]!
  const merged = await PDFDocument.create()
  for (const [index, part] of parts.entries()) {
    const source = await PDFDocument.load(part)
    if (index === 0) merged.setTitle(source.getTitle() ?? '')
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page)
  }
  return merged.save()
}

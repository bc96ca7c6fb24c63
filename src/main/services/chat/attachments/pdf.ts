import { API_LIMITS, ATTACHMENT_LIMITS, formatBytes } from '@shared/attachments'
import { quoted, refused } from './refusal'

/*
 * PDFs go to the API as they are. Cairn checks the size (its base64 must fit a 32 MB request)
 * and counts pages for the API's 100 pages per request. The count reads the page objects in the
 * file's text; a PDF that keeps them in compressed object streams falls back to the page tree's
 * /Count, and when neither is visible the count is unknown (the API then has the last word).
 */

export function checkPdf(name: string, bytes: Uint8Array): { pages: number | null } {
  if (bytes.length > ATTACHMENT_LIMITS.pdfBytes)
    throw refused(
      `${quoted(name)} is ${formatBytes(bytes.length)}; a PDF can be at most ${formatBytes(ATTACHMENT_LIMITS.pdfBytes)} so that it fits the API's ${formatBytes(API_LIMITS.requestBytes)} request limit once encoded. Split it or save a smaller copy (for example with lower image quality).`
    )
  const pages = countPdfPages(bytes)
  if (pages !== null && pages > API_LIMITS.pdfPagesPerRequest)
    throw refused(
      `${quoted(name)} has ${pages} pages; the API reads at most ${API_LIMITS.pdfPagesPerRequest} PDF pages per request. Attach the pages that matter as a shorter PDF.`
    )
  return { pages }
}

export function countPdfPages(bytes: Uint8Array): number | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const pageObjects = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0
  if (pageObjects > 0) return pageObjects
  let count: number | null = null
  for (const match of text.matchAll(
    /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g
  )) {
    const value = Number(match[1] ?? match[2])
    if (count === null || value > count) count = value
  }
  return count
}

import { API_LIMITS, ATTACHMENT_LIMITS, formatBytes } from '@shared/chat/attachments'
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
  // Native searches over the bytes: a 20 MB file is never turned into a string on main's loop.
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let pages = 0
  for (let at = data.indexOf('/Page'); at !== -1; at = data.indexOf('/Page', at + 5)) {
    if (isNameChar(data[at + 5]) || !typeBefore(data, at)) continue
    pages += 1
  }
  if (pages > 0) return pages
  // The page tree's root says how many pages there are: the largest /Count is the root's.
  let count: number | null = null
  for (let at = data.indexOf('/Count'); at !== -1; at = data.indexOf('/Count', at + 6)) {
    const match = /^\s*(\d{1,6})/.exec(data.subarray(at + 6, at + 20).toString('latin1'))
    if (match?.[1]) count = Math.max(count ?? 0, Number(match[1]))
  }
  return count
}

const isNameChar = (byte: number | undefined): boolean =>
  byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a))

/** Whether `/Type` (then optional white space) comes right before `at`. */
function typeBefore(data: Buffer, at: number): boolean {
  let end = at
  while (end > 0 && [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00].includes(data[end - 1] ?? -1)) end -= 1
  return end >= 5 && data.subarray(end - 5, end).toString('latin1') === '/Type'
}

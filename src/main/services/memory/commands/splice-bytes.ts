import type { Frame } from '../core/text-frame'

/** An edit as a splice of the old text: `inserted` took the place of [start, end). */
export interface Splice {
  start: number
  end: number
  inserted: string
}

/**
 * The bytes of `text` with `splice` made, built from the bytes the text was decoded from: only
 * the inserted text is encoded (a 5 MB file is not encoded again for a one-line edit).
 * Undefined where that would not give the bytes encoding the whole new text gives: a BOM or CRLF
 * frame (the text is not the bytes' own), or a cut beside half of a surrogate pair (encoding
 * the joined text pairs or replaces it differently).
 */
export function splicedBytes(
  read: Buffer,
  text: string,
  frame: Frame,
  splice: Splice
): Buffer | undefined {
  const { start, end, inserted } = splice
  if (frame.bom || frame.crlf) return undefined
  if (!cleanCut(text, start) || !cleanCut(text, end)) return undefined
  if (isSurrogate(inserted.charCodeAt(0)) || isSurrogate(inserted.charCodeAt(inserted.length - 1)))
    return undefined
  // All ASCII (as many bytes as characters): offsets are the same in both.
  const ascii = read.length === text.length
  const from = ascii ? start : Buffer.byteLength(text.slice(0, start))
  const to = ascii ? end : from + Buffer.byteLength(text.slice(start, end))
  return Buffer.concat([read.subarray(0, from), Buffer.from(inserted), read.subarray(to)])
}

/** No surrogate pair is split at `at` (nor sits half on either side of it). */
function cleanCut(text: string, at: number): boolean {
  return !isSurrogate(text.charCodeAt(at - 1)) && !isSurrogate(text.charCodeAt(at))
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff
}

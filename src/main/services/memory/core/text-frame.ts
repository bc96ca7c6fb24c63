// The bytes around a text that an edit must not touch: a UTF-8 BOM and CRLF line endings. A file
// is edited as plain LF text without its BOM, then framed again, so every byte outside the edit
// survives (a file that mixes LF and CRLF is edited as it is: nothing to convert, nothing lost).

export interface Frame {
  bom: boolean
  /** Every line break is CRLF (and there is at least one). */
  crlf: boolean
}

export const NO_FRAME: Frame = { bom: false, crlf: false }

const BOM = '\uFEFF'

/** Splits decoded file text into its frame and the LF text commands work on. */
export function unframe(decoded: string): { text: string; frame: Frame } {
  const bom = decoded.startsWith(BOM)
  const body = bom ? decoded.slice(1) : decoded
  const crlf = isAllCrlf(body)
  return { text: crlf ? body.replaceAll('\r\n', '\n') : body, frame: { bom, crlf } }
}

/** The bytes-to-be of LF `text` in `frame`. */
export function reframe(text: string, frame: Frame): string {
  const body = frame.crlf ? text.replaceAll('\n', '\r\n') : text
  return frame.bom ? BOM + body : body
}

/** Claude's or the user's text for a CRLF file, in the LF form the file is edited in. */
export function toFrameInput(text: string, frame: Frame): string {
  return frame.crlf ? text.replaceAll('\r\n', '\n') : text
}

function isAllCrlf(text: string): boolean {
  let breaks = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (text[i - 1] !== '\r') return false
    breaks++
  }
  return breaks > 0
}

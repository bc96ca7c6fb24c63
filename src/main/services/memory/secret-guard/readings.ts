import { findSecrets } from './find'

// Bytes that did not come through a write command (an archive's earlier versions) meet the guard
// in every way a program could read them: UTF-8, and the encoding a byte-order mark names
// (UTF-16 or UTF-32, either order). Bytes holding NULs without a mark are also read as UTF-16,
// as editors that sniff the text do: a token in UTF-16 is valid UTF-8 with NULs between letters.

const utf16le = new TextDecoder('utf-16le')
const utf16be = new TextDecoder('utf-16be')

/** Each way the bytes read as text, the UTF-8 reading first. */
export function readingsOf(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = [buffer.toString('utf8')]
  const [a, b, c, d] = buffer
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) out.push(utf32(buffer.subarray(4), true))
  else if (a === 0 && b === 0 && c === 0xfe && d === 0xff)
    out.push(utf32(buffer.subarray(4), false))
  else if (a === 0xff && b === 0xfe) out.push(utf16le.decode(buffer.subarray(2)))
  else if (a === 0xfe && b === 0xff) out.push(utf16be.decode(buffer.subarray(2)))
  else if (buffer.includes(0)) {
    out.push(utf16le.decode(buffer), utf16be.decode(buffer))
    out.push(utf32(buffer, true), utf32(buffer, false))
  }
  return out
}

/** Whether any reading of the bytes holds a secret. */
export async function bytesHoldSecret(bytes: Uint8Array): Promise<boolean> {
  for (const text of readingsOf(bytes)) if ((await findSecrets(text)).length) return true
  return false
}

/** UTF-32 by hand (TextDecoder has none); what is no code point reads as U+FFFD. */
function utf32(bytes: Buffer, littleEndian: boolean): string {
  let text = ''
  for (let at = 0; at + 4 <= bytes.length; at += 4) {
    const point = littleEndian ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at)
    const valid = point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)
    text += String.fromCodePoint(valid ? point : 0xfffd)
  }
  return text
}

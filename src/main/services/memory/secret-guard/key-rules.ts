import { patternRule } from './pattern-rule'

// Private keys by their armour, not by one body shape: the preset's rule knows five labels and
// wants a body of 100+ characters starting "MI", so it misses Ed25519/X25519 keys (64
// characters), SEC1 EC keys ("MHcC…"), ENCRYPTED PRIVATE KEY, legacy encrypted PEM (Proc-Type
// headers), PGP blocks and PuTTY files. And AWS access key IDs glued to text around them.

const BASE64 = /^[A-Za-z0-9+/=]+$/
/** "Proc-Type: 4,ENCRYPTED", "DEK-Info: …", "Comment: …", "Version: …" */
const HEADER = /^[A-Za-z][\w-]*:/
const MAX_KEY_CHARS = 64 * 1024

/** The key material of a body: header lines, whitespace and JSON "\n" escapes left out. */
function keyMaterial(body: string): string {
  return body
    .replace(/\\[nr]/g, '\n')
    .split('\n')
    .filter((line) => !HEADER.test(line.trim()))
    .join('')
    .replace(/\s/g, '')
}

/** Real key material, not a placeholder ("...", "<your key>", "XXXX", "AAAA…"). */
function isKeyMaterial(material: string): boolean {
  return material.length >= 40 && BASE64.test(material) && new Set(material).size >= 16
}

/** The end of the lines after `from` that look like the rest of a key (body, headers, blank). */
function endOfKeyLines(text: string, from: number): number {
  let end = from
  let seenBody = false
  for (let at = from, lines = 0; at < text.length && lines < 400; lines++) {
    const nl = text.indexOf('\n', at)
    const lineEnd = nl === -1 ? text.length : nl
    const line = text
      .slice(at, lineEnd)
      .replace(/\\[nr]/g, '')
      .trim()
    if (line === '' && seenBody) break
    if (line !== '' && !BASE64.test(line) && !HEADER.test(line)) break
    if (BASE64.test(line)) seenBody = true
    end = lineEnd
    if (nl === -1) break
    at = nl + 1
  }
  return end
}

/** Any PEM-style block whose label says PRIVATE KEY: RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP, … */
export const pemPrivateKeyRule = patternRule(
  'cairn/private-key',
  /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----/g,
  (match) => {
    const text = match.input ?? ''
    const start = match.index ?? 0
    const headerEnd = start + match[0].length
    const endTag = `-----END ${match[1] ?? ''}PRIVATE KEY${match[2] ?? ''}-----`
    const tagAt = text.indexOf(endTag, headerEnd)
    // Without its END line (cut off, or pasted in part) the body is still a key.
    const end =
      tagAt !== -1 && tagAt - headerEnd < MAX_KEY_CHARS
        ? tagAt + endTag.length
        : endOfKeyLines(text, headerEnd)
    const body = text.slice(headerEnd, tagAt !== -1 && tagAt < end ? tagAt : end)
    return isKeyMaterial(keyMaterial(body)) ? [start, end] : null
  }
)

/** PuTTY's .ppk (versions 1 to 3): a header, then Key: value lines and base64 lines. */
export const puttyKeyRule = patternRule(
  'cairn/putty-key',
  /PuTTY-User-Key-File-[1-9]: [^\r\n]*/g,
  (match) => {
    const text = match.input ?? ''
    const start = match.index ?? 0
    const end = endOfKeyLines(text, start + match[0].length)
    const rest = text.slice(start + match[0].length, end)
    const privateLines = /Private-Lines: *\d+\s*\n([\s\S]*?)(?:\n[A-Za-z][\w-]*:|$)/.exec(rest)
    return privateLines && isKeyMaterial(keyMaterial(privateLines[1] ?? '')) ? [start, end] : null
  }
)

/** Access key IDs with letters or punctuation glued on ("idAKIA…prod"), where \b fails. */
export const awsKeyIdRule = patternRule(
  'cairn/aws-access-key',
  /(?<![A-Z0-9])(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  (match) => [match.index ?? 0, (match.index ?? 0) + match[0].length]
)

export const KEY_RULES = [pemPrivateKeyRule, puttyKeyRule, awsKeyIdRule]

import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ImportedVersion } from '../../service'
import { useMemory } from '../../__tests__/helpers'
import { keptTexts, randomOf } from '../../__tests__/kept-bytes'

// Issue 35 item 13: an archive's earlier versions meet the secret guard as the file would be read.
// A token stored as UTF-16 or UTF-32 (with a byte-order mark, or UTF-16 without one) must not be
// adopted into history because its UTF-8 reading looked harmless.

const mem = useMemory()
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function utf32(text: string, littleEndian: boolean): Buffer {
  const points = [...text].map((c) => c.codePointAt(0) as number)
  const out = Buffer.alloc(points.length * 4)
  points.forEach((p, i) =>
    littleEndian ? out.writeUInt32LE(p, i * 4) : out.writeUInt32BE(p, i * 4)
  )
  return out
}

const encodings: Array<[string, (text: string) => Buffer]> = [
  [
    'UTF-16LE with a BOM',
    (t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])
  ],
  [
    'UTF-16BE with a BOM',
    (t) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()])
  ],
  ['UTF-16LE without a BOM', (t) => Buffer.from(t, 'utf16le')],
  ['UTF-32LE with a BOM', (t) => utf32(`\uFEFF${t}`, true)],
  ['UTF-32BE with a BOM', (t) => utf32(`\uFEFF${t}`, false)]
]

describe("an import's earlier versions in other encodings", () => {
  it.each(encodings)('a GitHub token in %s is not adopted into history', async (_, encode) => {
    const store = await mem.open()
    const token = `ghp_${randomOf(ALNUM, 36)}`
    const bytes = encode(`# Tokens\ngithub: ${token}\n`)
    const plain = Buffer.from('# Tokens\nnone here\n')
    const version = (b: Buffer): ImportedVersion => ({
      path: '/memories/tokens.md',
      hash: createHash('sha256').update(b).digest('hex'),
      size: b.length,
      bytes: b
    })
    const outcome = await store.importFiles(
      [{ path: '/memories/notes.md', content: 'notes\n', expect: null }],
      [version(bytes), version(plain)],
      'a test archive'
    )
    // The harmless version joins history; the one holding the token does not.
    expect(outcome.historyVersions).toBe(1)
    await store.dispose()
    const kept = await keptTexts(mem.temp())
    const forms = [
      token,
      token.slice(4, 20),
      Buffer.from(token, 'utf16le').toString('utf8'),
      utf32(token, true).toString('utf8'),
      utf32(token, false).toString('utf8')
    ]
    for (const { path, text } of kept)
      for (const form of forms) expect(text.includes(form), `${form} in ${path}`).toBe(false)
    expect(kept.some(({ text }) => text.includes('none here'))).toBe(true)
  })
})

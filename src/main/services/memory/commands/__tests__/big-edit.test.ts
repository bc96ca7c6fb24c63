import { readFile, writeFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { runner, useMemory } from '../../__tests__/helpers'

// An edit of a file over 1 MB takes the fast path end to end: its bytes spliced (not the whole
// text re-encoded), written on the thread pool while they are hashed, and an ASCII file decoded
// without the strict decoder. What lands on disk, in the index and in history is the same.

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)

const LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024 }

function bigText(unicode: boolean): string {
  const lines: string[] = []
  for (let n = 0; n < 100_000; n++)
    lines.push(
      n === 50_000 ? '@@tok 0@@' : `line ${n} ${unicode && n % 7 === 0 ? 'ünï ✓ 😀' : 'plain'}`
    )
  return `${lines.join('\n')}\n`
}

describe('an edit of a big file', () => {
  for (const unicode of [false, true]) {
    it(`writes the exact new bytes, indexed and kept in history by their sha256 (${unicode ? 'UTF-8' : 'ASCII'})`, async () => {
      const text = bigText(unicode)
      expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024)
      await writeFile(join(await mem.mkroot(), 'big.md'), text)
      store = await mem.open({ limits: LIMITS })
      await ok({
        command: 'str_replace',
        path: '/memories/big.md',
        old_str: '@@tok 0@@',
        new_str: '@@tok 1 ✓@@'
      })
      const expected = Buffer.from(text.replace('@@tok 0@@', '@@tok 1 ✓@@'))
      const onDisk = await readFile(join(mem.root(), 'big.md'))
      expect(onDisk.equals(expected)).toBe(true)
      const sha = createHash('sha256').update(expected).digest('hex')
      const versions = await store.history('/memories/big.md')
      expect(versions[0]?.hash).toBe(sha)
      expect(await store.versionText(sha)).toBe(expected.toString('utf8'))
    })
  }
})

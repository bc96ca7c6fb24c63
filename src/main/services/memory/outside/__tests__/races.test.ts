import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runner } from '../../__tests__/helpers'
import type { MemoryStore } from '../..'
import { indexOf, useWatchedMemory } from './helpers'

const mem = useWatchedMemory()
let store: MemoryStore
const claude = runner(() => store)

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const FILES = 50
const ROUNDS = 20 // 50 files × 20 rounds = 1,000 interleavings
const STEPS = 4

/** A small seeded generator, so a failing interleaving can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state % n
  }
}

describe('Claude and other programs editing at the same time', () => {
  it('never loses the later write: 1,000 interleavings, disk and index checked each time', async () => {
    const started = await mem.start({}, { settleMs: 1, minIntervalMs: 5 })
    store = started.store
    const root = mem.root()
    await mkdir(join(root, 'race'))
    const random = prng(4)
    let checked = 0
    for (let round = 0; round < ROUNDS; round++) {
      const expected = new Map<number, string | null>()
      await Promise.all(
        Array.from({ length: FILES }, async (_, file) => {
          const rel = `race/f${file}.md`
          const host = join(root, rel)
          const path = `/memories/${rel}`
          let content: string | null = existsSync(host) ? readFileSync(host, 'utf8') : null
          for (let step = 0; step < STEPS; step++) {
            const text = `r${round} f${file} s${step}\n`
            const move = random(5)
            if (move === 0) {
              // Claude writes (create, or replace what is there now).
              if (content === null) await claude.ok({ command: 'create', path, file_text: text })
              else
                await claude.ok({ command: 'str_replace', path, old_str: content, new_str: text })
              content = text
            } else if (move === 1 && content !== null) {
              await claude.ok({ command: 'delete', path })
              content = null
            } else if (move === 2) {
              await writeFile(host, text) // an editor saving in place
              content = text
            } else if (move === 3) {
              const temp = `${host}.${round}-${step}.swp` // an editor's atomic save
              await writeFile(temp, text)
              await rename(temp, host)
              content = text
            } else if (content !== null) {
              await unlink(host)
              content = null
            }
          }
          expected.set(file, content)
        })
      )
      // Wait until the watcher has caught up: the index then matches the disk, file by file.
      const mismatch = () => {
        for (const [file, content] of expected) {
          const entry = indexOf(store).get(`race/f${file}.md`)
          if (content === null ? entry !== undefined : entry?.hash !== sha(content)) return file
        }
        // An editor's temp file is indexed when it appears and dropped when its rename is seen.
        const temp = [...indexOf(store).entries()].find(([rel]) => rel.endsWith('.swp'))?.[0]
        return temp
      }
      await started.changes.until(async () => {
        await started.watcher.idle()
        return mismatch() === undefined ? true : undefined
      }, `round ${round}: index matching the disk (file ${mismatch()})`)
      for (const [file, content] of expected) {
        const host = join(root, `race/f${file}.md`)
        // The disk holds the later write.
        if (content === null) expect(existsSync(host)).toBe(false)
        else expect(readFileSync(host, 'utf8')).toBe(content)
        const entry = indexOf(store).get(`race/f${file}.md`)
        if (content === null) expect(entry).toBeUndefined()
        else expect(entry).toMatchObject({ size: Buffer.byteLength(content), hash: sha(content) })
        checked++
      }
      // Usage totals agree with the index entries (and the editor temp files never stay).
      const entries = [...indexOf(store).entries()]
      expect(entries.every(([rel]) => !rel.endsWith('.swp'))).toBe(true)
      const usage = await store.usage()
      expect(usage.files).toBe(entries.length)
      expect(usage.totalBytes).toBe(entries.reduce((sum, [, entry]) => sum + entry.size, 0))
    }
    expect(checked).toBe(1000)
  }, 120_000)
})

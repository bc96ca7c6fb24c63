import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { SerialQueue } from '../../core/queue'
import { runner, useMemory } from '../../__tests__/helpers'

describe('SerialQueue', () => {
  it('runs one task at a time, in arrival order, and keeps going after a failure', async () => {
    const queue = new SerialQueue()
    const order: string[] = []
    let active = 0
    let maxActive = 0
    const task = (name: string, fail = false) =>
      queue.run(async () => {
        active++
        maxActive = Math.max(maxActive, active)
        order.push(`start ${name}`)
        await Promise.resolve()
        await new Promise<void>((resolve) => setImmediate(resolve))
        order.push(`end ${name}`)
        active--
        if (fail) throw new Error(name)
        return name
      })
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(maxActive).toBe(1)
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
    await queue.idle()
    expect(queue.size).toBe(0)
  })
})

describe('one writer', () => {
  const mem = useMemory()
  let store: MemoryStore
  const { run, ok } = runner(() => store)

  it('serialises concurrent edits so none is lost', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/log.md', file_text: 'start' })
    // The user's edits read, then write with the hash they read: one that went stale is refused
    // (MEMORY_CONFLICT) and retried, so it can never drop a line Claude added in between.
    const userEdit = async (i: number): Promise<void> => {
      for (;;) {
        const file = await store.read('/memories/log.md')
        try {
          await store.write({
            path: file.path,
            content: `${file.content}\nuser ${i}`,
            expectedHash: file.hash
          })
          return
        } catch (error) {
          if ((error as { code?: string }).code !== 'MEMORY_CONFLICT') throw error
        }
      }
    }
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? run({
              command: 'insert',
              path: '/memories/log.md',
              insert_line: 1,
              insert_text: `claude ${i}`
            })
          : userEdit(i).then(() => ({ isError: false }))
      )
    )
    expect(results.every((result) => !result.isError)).toBe(true)
    const lines = (await readFile(join(mem.root(), 'log.md'), 'utf8')).split('\n')
    expect(lines[0]).toBe('start')
    expect(lines.filter((line) => line.startsWith('claude')).length).toBe(20)
    expect(lines.filter((line) => line.startsWith('user')).length).toBe(20)
    expect(lines).toHaveLength(41)
  })

  it('lets exactly one of many concurrent creates of the same path succeed', async () => {
    store = await mem.open()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        run({ command: 'create', path: '/memories/same.md', file_text: `v${i}` })
      )
    )
    expect(results.filter((result) => !result.isError)).toHaveLength(1)
    expect(
      results.filter((result) => result.content === 'Error: File /memories/same.md already exists')
    ).toHaveLength(19)
    expect((await store.usage()).files).toBe(1)
  })

  it('reads fresh from disk: an outside edit is kept by the next str_replace', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/n.md', file_text: 'a\nb\n' })
    await writeFile(join(mem.root(), 'n.md'), 'a\nb\nadded outside\n')
    await ok({ command: 'str_replace', path: '/memories/n.md', old_str: 'a\n', new_str: 'A\n' })
    expect(await readFile(join(mem.root(), 'n.md'), 'utf8')).toBe('A\nb\nadded outside\n')
    // …and the index follows the disk.
    expect((await store.usage()).totalBytes).toBe(Buffer.byteLength('A\nb\nadded outside\n'))
  })

  it('refuses the user a stale overwrite (expectedHash)', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/n.md', file_text: 'v1' })
    const read = await store.read('/memories/n.md')
    await ok({
      command: 'str_replace',
      path: '/memories/n.md',
      old_str: 'v1',
      new_str: 'v2 by claude'
    })
    await expect(
      store.write({ path: '/memories/n.md', content: 'v1 edited', expectedHash: read.hash })
    ).rejects.toMatchObject({
      code: 'MEMORY_CONFLICT'
    })
    expect(await readFile(join(mem.root(), 'n.md'), 'utf8')).toBe('v2 by claude')
  })
})

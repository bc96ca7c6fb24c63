import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { hashOf } from '../kernel/files'
import { CLAUDE, DAY, manualClock, runner, useMemory } from './helpers'

// "One write path" (design.md): the engine plans with the code that executes, every mutation
// carries a precondition, history keeps what was on disk, and bytes outside an edit survive.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)

const BOM = Buffer.from([0xef, 0xbb, 0xbf])
const bytesAt = (name: string) => readFile(join(mem.root(), name))
const textAt = (name: string) => readFile(join(mem.root(), name), 'utf8').catch(() => null)
const put = async (name: string, data: string | Buffer) => {
  await mkdir(join(mem.root(), name, '..'), { recursive: true })
  await writeFile(join(mem.root(), name), data)
}

async function newest(): Promise<ActivityEntry> {
  return (await store.activity({ limit: 1 })).entries[0] as ActivityEntry
}

/** The plan of `input` (it must have one). */
async function planOf(input: Record<string, unknown>) {
  const planned = await store.preview(input, CLAUDE)
  if (!planned.ok) throw new Error(planned.result.content)
  return planned.plan
}

async function revertNewest(): Promise<void> {
  const result = await store.revert((await newest()).seq)
  expect(result.status, JSON.stringify(result)).toBe('reverted')
}

describe('bytes outside the edit survive every command', () => {
  it('keeps a UTF-8 BOM through str_replace and insert', async () => {
    await put('bom.md', Buffer.concat([BOM, Buffer.from('# Title\n- tea\n')]))
    store = await mem.open()
    await tool.ok({
      command: 'str_replace',
      path: '/memories/bom.md',
      old_str: 'tea',
      new_str: 'coffee'
    })
    expect(await bytesAt('bom.md')).toEqual(
      Buffer.concat([BOM, Buffer.from('# Title\n- coffee\n')])
    )
    await tool.ok({
      command: 'insert',
      path: '/memories/bom.md',
      insert_line: 0,
      insert_text: 'top'
    })
    expect(await bytesAt('bom.md')).toEqual(
      Buffer.concat([BOM, Buffer.from('top\n# Title\n- coffee\n')])
    )
  })

  it('keeps CRLF line endings: old_str with LF matches, new lines get CRLF', async () => {
    await put('crlf.md', '# Notes\r\n- one\r\n- two\r\n')
    store = await mem.open()
    await tool.ok({
      command: 'str_replace',
      path: '/memories/crlf.md',
      old_str: '- one\n- two',
      new_str: '- one\n- 1.5\n- two'
    })
    expect(await textAt('crlf.md')).toBe('# Notes\r\n- one\r\n- 1.5\r\n- two\r\n')
    await tool.ok({
      command: 'insert',
      path: '/memories/crlf.md',
      insert_line: 4,
      insert_text: '- three\n'
    })
    expect(await textAt('crlf.md')).toBe('# Notes\r\n- one\r\n- 1.5\r\n- two\r\n- three\r\n')
  })

  it('keeps the absence of a final newline, and a mixed file byte for byte outside the edit', async () => {
    await put('bare.md', 'a\nb')
    await put('mixed.md', 'x\r\ny\nz\r\n')
    store = await mem.open()
    await tool.ok({ command: 'str_replace', path: '/memories/bare.md', old_str: 'a', new_str: 'A' })
    expect(await textAt('bare.md')).toBe('A\nb')
    await tool.ok({
      command: 'str_replace',
      path: '/memories/mixed.md',
      old_str: 'y',
      new_str: 'Y'
    })
    expect(await textAt('mixed.md')).toBe('x\r\nY\nz\r\n')
  })
})

describe('the engine plans, the approved plan is what runs', () => {
  it('previews a BOM file with the same matching as execute (finding 1)', async () => {
    await put('bom.md', Buffer.concat([BOM, Buffer.from('note\nnote two\n')]))
    store = await mem.open()
    const input = {
      command: 'str_replace',
      path: '/memories/bom.md',
      old_str: 'note two',
      new_str: 'x'
    }
    const plan = await planOf(input)
    expect(plan).toMatchObject({
      command: 'str_replace',
      path: '/memories/bom.md',
      sha256: hashOf(await bytesAt('bom.md')),
      preview: { before: 'note\nnote two\n', after: 'note\nx\n' }
    })
    // Nothing was written by the dry run.
    expect(await bytesAt('bom.md')).toEqual(Buffer.concat([BOM, Buffer.from('note\nnote two\n')]))
    const result = await store.execute(input, CLAUDE, { expect: plan.sha256 })
    expect(result.isError, result.content).toBe(false)
    expect(await bytesAt('bom.md')).toEqual(Buffer.concat([BOM, Buffer.from('note\nx\n')]))
  })

  it('a plan that cannot be made is the error execute would give, and writes nothing', async () => {
    await put('twice.md', 'a\na\n')
    store = await mem.open()
    const planned = await store.preview(
      { command: 'str_replace', path: '/memories/twice.md', old_str: 'a', new_str: 'b' },
      CLAUDE
    )
    expect(planned).toMatchObject({ ok: false, result: { isError: true } })
    expect(planned.ok ? '' : planned.result.content).toMatch(/Multiple occurrences/)
    expect(await textAt('twice.md')).toBe('a\na\n')
  })

  it('refuses an approved change when the bytes moved on since the plan (precondition)', async () => {
    await put('me.md', '- tea\n')
    store = await mem.open()
    const input = {
      command: 'str_replace',
      path: '/memories/me.md',
      old_str: 'tea',
      new_str: 'coffee'
    }
    const plan = await planOf(input)
    await put('me.md', '- tea\n- cake\n') // another program, before the user approved
    const result = await store.execute(input, CLAUDE, { expect: plan.sha256 })
    expect(result).toMatchObject({ isError: true })
    expect(result.content).toMatch(/changed since .*nothing was written/i)
    expect(await textAt('me.md')).toBe('- tea\n- cake\n')
  })

  it('a create planned for a missing path is refused once something is there', async () => {
    store = await mem.open()
    const input = { command: 'create', path: '/memories/new.md', file_text: 'mine' }
    const plan = await planOf(input)
    expect(plan.sha256).toBeNull()
    await put('new.md', 'theirs')
    const result = await store.execute(input, CLAUDE, { expect: plan.sha256 })
    expect(result.isError).toBe(true)
    expect(await textAt('new.md')).toBe('theirs')
  })

  it('a folder delete is planned against its whole tree', async () => {
    await put('p/one.md', '1')
    await put('p/two.md', '2')
    store = await mem.open()
    const input = { command: 'delete', path: '/memories/p' }
    const plan = await planOf(input)
    expect(plan.preview.note).toMatch(/2 items/)
    await put('p/three.md', '3')
    const result = await store.execute(input, CLAUDE, { expect: plan.sha256 })
    expect(result.isError).toBe(true)
    expect(await textAt('p/three.md')).toBe('3')
  })
})

describe('history records what was on disk', () => {
  it('undo of a delete after an unseen outside edit brings the outside edit back (finding 4)', async () => {
    await put('race.md', 'indexed\n')
    store = await mem.open()
    await put('race.md', 'edited outside, not yet seen\n') // the watcher has not caught up
    await tool.ok({ command: 'delete', path: '/memories/race.md' })
    await revertNewest()
    expect(await textAt('race.md')).toBe('edited outside, not yet seen\n')
  })

  it('undo of a str_replace after an unseen outside edit restores the outside edit (finding 5)', async () => {
    await put('race.md', 'one\n')
    store = await mem.open()
    await put('race.md', 'one\ntwo from outside\n')
    await tool.ok({
      command: 'str_replace',
      path: '/memories/race.md',
      old_str: 'one',
      new_str: 'ONE'
    })
    expect(await textAt('race.md')).toBe('ONE\ntwo from outside\n')
    await revertNewest()
    expect(await textAt('race.md')).toBe('one\ntwo from outside\n')
    // The outside edit is a version of its own, before Claude's.
    const versions = await store.history('/memories/race.md')
    const texts = await Promise.all(
      versions.filter((v) => v.hash).map((v) => store.versionText(v.hash as string))
    )
    // Newest first: the undo, Claude's edit, the outside edit.
    expect(texts).toEqual([
      'one\ntwo from outside\n',
      'ONE\ntwo from outside\n',
      'one\ntwo from outside\n'
    ])
  })
})

describe('revert acts on what the record did (finding 2)', () => {
  it('undo of the undo of a file rename moves it again and never deletes it', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'keep me\n' })
    await tool.ok({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' })
    await revertNewest() // b → a
    expect(await textAt('a.md')).toBe('keep me\n')
    await revertNewest() // the undo undone: a → b
    expect(await textAt('b.md')).toBe('keep me\n')
    expect(await textAt('a.md')).toBeNull()
    await revertNewest() // and back again
    expect(await textAt('a.md')).toBe('keep me\n')
    expect(await textAt('b.md')).toBeNull()
  })

  it('undo of the undo of a folder rename keeps every file', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/d/x.md', file_text: 'x\n' })
    await tool.ok({ command: 'create', path: '/memories/d/y.md', file_text: 'y\n' })
    await tool.ok({ command: 'rename', old_path: '/memories/d', new_path: '/memories/e' })
    await revertNewest()
    await revertNewest()
    expect(await textAt('e/x.md')).toBe('x\n')
    expect(await textAt('e/y.md')).toBe('y\n')
    await revertNewest()
    expect(await textAt('d/x.md')).toBe('x\n')
    expect(await textAt('d/y.md')).toBe('y\n')
  })
})

describe('revert meets the caps and the secret guard (finding 8)', () => {
  it('refuses a revert that would put a file over the per-file cap, and says why', async () => {
    store = await mem.open({ limits: { maxFileBytes: 4096 } })
    const long = `${'x'.repeat(3000)}\n`
    await tool.ok({ command: 'create', path: '/memories/big.md', file_text: long })
    await tool.ok({
      command: 'str_replace',
      path: '/memories/big.md',
      old_str: long,
      new_str: 'short\n'
    })
    store.updateLimits({ maxFileBytes: 1024 })
    await expect(store.revert((await newest()).seq)).rejects.toMatchObject({
      code: 'MEMORY_CAP',
      message: expect.stringMatching(/per-file|file cap|1 KB|1\.0 KB|1 KiB/i)
    })
    expect(await textAt('big.md')).toBe('short\n')
  })

  it('refuses a revert that would bring back a secret the guard refuses', async () => {
    // A key another program wrote (outside writes meet no guard); Claude deleted the file.
    const key = `sk-ant-api03-PtYgjmUhBel31iEl2hpChYgCfrL1spNxnyVmihA_2O76UMFxFkM_R5Kjp1vRt-1fjORS_6ilI8ihN5KXSc7Tvo_hBKqFYAA`
    await put('keys.md', `anthropic ${key}\n`)
    store = await mem.open()
    await tool.ok({ command: 'delete', path: '/memories/keys.md' })
    await expect(store.revert((await newest()).seq)).rejects.toMatchObject({
      code: 'MEMORY_SECRET'
    })
    expect(await textAt('keys.md')).toBeNull()
  })
})

describe('the inspector and expiry take in outside edits first', () => {
  it("a user's save over an unseen outside edit keeps that edit in history", async () => {
    await put('me.md', 'v1\n')
    store = await mem.open()
    await put('me.md', 'v2 from another program\n')
    await store.write({ path: '/memories/me.md', content: 'v3 mine\n' })
    expect(await store.versionText(hashOf('v2 from another program\n'))).toBe(
      'v2 from another program\n'
    )
    await revertNewest()
    expect(await textAt('me.md')).toBe('v2 from another program\n')
  })

  it('a read that finds an unseen outside edit keeps it in history (inspector and view)', async () => {
    await put('me.md', 'v1\n')
    store = await mem.open()
    await put('me.md', 'v2 read by the user\n')
    expect((await store.read('/memories/me.md')).content).toBe('v2 read by the user\n')
    await put('me.md', 'v3 read by Claude, a little longer\n')
    await tool.ok({ command: 'view', path: '/memories/me.md' })
    await put('me.md', 'v4\n') // gone before anyone else looks
    await store.applyExternal(['me.md'])
    for (const text of ['v2 read by the user\n', 'v3 read by Claude, a little longer\n'])
      expect(await store.versionText(hashOf(text))).toBe(text)
  })

  it('expiry does not delete a file an unseen outside edit made fresh again', async () => {
    const clock = manualClock()
    store = await mem.open({ clock: clock.clock, expiry: { mode: 'idle', days: 30 } })
    await tool.ok({ command: 'create', path: '/memories/old.md', file_text: 'old\n' })
    clock.advance(200 * DAY)
    await put('old.md', 'edited today\n')
    await store.expire()
    expect(await textAt('old.md')).toBe('edited today\n')
  })
})

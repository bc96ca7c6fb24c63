import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { captureLogger } from '../../__tests__/helpers'
import { CLAUDE, runner, useMemory, USER } from '../../memory/__tests__/helpers'

/*
 * The log may name memory paths and sizes, never what the files say. Every engine path that can
 * log (Claude's commands, the inspector, failures, caps, conflicts) runs here with a marker in the
 * content, and no log line may contain it.
 */

const SECRET = 'MARKER-do-not-log-7f3a9c'
const memory = useMemory()

describe('memory logging', () => {
  it('logs no file contents from Claude commands, inspector edits or their failures', async () => {
    const { logger, lines } = captureLogger()
    const store = await memory.open({ logger, limits: { maxFileBytes: 2_048 } })
    const claude = runner(() => store, CLAUDE)

    await claude.ok({ command: 'create', path: '/memories/notes.md', file_text: `a ${SECRET} b` })
    await claude.ok({ command: 'view', path: '/memories/notes.md' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/notes.md',
      old_str: 'a ',
      new_str: `${SECRET}-2 `
    })
    await claude.ok({
      command: 'insert',
      path: '/memories/notes.md',
      insert_line: 1,
      insert_text: `${SECRET}-3`
    })
    await claude.err({
      command: 'str_replace',
      path: '/memories/notes.md',
      old_str: `${SECRET}-absent`,
      new_str: 'x'
    })
    await claude.err({ command: 'create', path: '/memories/big.md', file_text: SECRET.repeat(200) })
    await claude.err({ command: 'create', path: '/memories/../escape.md', file_text: SECRET })
    await claude.ok({
      command: 'rename',
      old_path: '/memories/notes.md',
      new_path: '/memories/kept.md'
    })

    await store.create({ path: '/memories/user.md', content: `user ${SECRET}` })
    const file = await store.read('/memories/user.md')
    await store.write({
      path: '/memories/user.md',
      content: `edited ${SECRET}`,
      expectedHash: file.hash
    })
    await store
      .write({ path: '/memories/user.md', content: `stale ${SECRET}`, expectedHash: file.hash })
      .catch(() => undefined)
    await store
      .write({ path: '/memories/user.md', content: SECRET.repeat(200) })
      .catch(() => undefined)

    // An unreadable file: the I/O failure is logged (with its code), not the text.
    await writeFile(join(memory.root(), 'locked.md'), `locked ${SECRET}`)
    if (process.platform !== 'win32' && process.getuid?.() !== 0) {
      await chmod(join(memory.root(), 'locked.md'), 0o000)
      await claude.err({ command: 'view', path: '/memories/locked.md' })
      await chmod(join(memory.root(), 'locked.md'), 0o600)
    }
    await store.activity({})
    await store.usage()
    await store.delete('/memories/user.md')
    await runner(() => store, USER).run({ command: 'view', path: '/memories' })
    await store.flush()

    for (const line of lines) expect(line).not.toContain(SECRET)
    for (const line of lines) expect(line).not.toContain('do-not-log')
  })
})

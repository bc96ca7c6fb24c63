import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { setBigFileSizes } from '../../jail/big-file'
import { runner, useMemory } from '../../__tests__/helpers'
import type { MemoryStore } from '../..'
import { secretSamples } from './samples'

// The guard in the engine's write path: Claude's writes refused (default) or redacted, the
// user's saves warned, the folder scanned on demand. Nothing of a caught secret reaches the disk
// (the memory folder, the activity log, history) or a result.

const AWS = secretSamples(11, 1).find((s) => s.kind === 'AWS access key')!.secret
const GITHUB = secretSamples(12, 1).find((s) => s.kind === 'GitHub token')!.secret

/** Every file under `dir` (the memory folder and the engine's state), as text. */
async function everything(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true })
  const texts = await Promise.all(
    names.filter((d) => d.isFile()).map((d) => readFile(join(d.parentPath, d.name), 'latin1'))
  )
  return texts.join('\n')
}

describe('secret guard in the write path', () => {
  const memory = useMemory()
  let store: MemoryStore
  const claude = runner(() => store)
  beforeEach(async () => {
    store = await memory.open()
  })

  it('refuses Claude’s create by default: names kind and line, writes nothing, echoes nothing', async () => {
    const text = `# Deploy\n\nThe key is ${AWS} for prod.\n`
    const result = await claude.err({
      command: 'create',
      path: '/memories/deploy.md',
      file_text: text
    })
    expect(result.split('\n')[0]).toMatch(
      /^Error: Refused: contains an AWS access key \(line 3\)\./
    )
    expect(result).not.toContain(AWS)
    expect(result).toContain('Nothing was written to /memories/deploy.md')
    expect(await readdir(memory.root())).toEqual([])
    // Not in history, the activity log or the index either.
    expect(await everything(memory.temp())).not.toContain(AWS)
    const [entry] = (await store.activity()).entries
    expect(entry).toMatchObject({ outcome: 'error', command: 'create' })
    expect(entry?.message).not.toContain(AWS)
  })

  it('refuses a str_replace or insert that adds a secret; the file stays byte-identical', async () => {
    await claude.ok({ command: 'create', path: '/memories/a.md', file_text: 'one\ntwo\nthree\n' })
    const before = await readFile(join(memory.root(), 'a.md'))
    const edit = await claude.err({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'two',
      new_str: `token ${GITHUB}`
    })
    expect(edit).toMatch(/^Error: Refused: contains a GitHub token \(line 2\)/)
    const added = await claude.err({
      command: 'insert',
      path: '/memories/a.md',
      insert_line: 3,
      insert_text: `aws ${AWS}\n`
    })
    expect(added).toMatch(/^Error: Refused: contains an AWS access key \(line 4\)/)
    expect(await readFile(join(memory.root(), 'a.md'))).toEqual(before)
    expect(`${edit}${added}`).not.toMatch(new RegExp(`${GITHUB}|${AWS}`))
    expect(await everything(memory.temp())).not.toMatch(new RegExp(`${GITHUB}|${AWS}`))
  })

  it('lets Claude edit elsewhere in a file that already holds a secret (the user put it there)', async () => {
    await writeFile(join(memory.root(), 'keys.md'), `aws ${AWS}\nnotes\n`)
    await store.refresh()
    await claude.ok({
      command: 'str_replace',
      path: '/memories/keys.md',
      old_str: 'notes',
      new_str: 'more notes'
    })
    expect(await readFile(join(memory.root(), 'keys.md'), 'utf8')).toBe(`aws ${AWS}\nmore notes\n`)
  })

  it('never echoes a secret that Claude quoted in old_str back, nor logs it', async () => {
    await claude.ok({ command: 'create', path: '/memories/b.md', file_text: 'hello\n' })
    const result = await claude.err({
      command: 'str_replace',
      path: '/memories/b.md',
      old_str: `key ${GITHUB}`,
      new_str: 'x'
    })
    expect(result).toContain('did not appear verbatim')
    expect(result).toContain('[redacted: GitHub token]')
    expect(result).not.toContain(GITHUB)
    expect(await everything(memory.temp())).not.toContain(GITHUB)
  })

  it('redacts instead when the setting says so, writes the rest and says so', async () => {
    store.updateSecretGuard({ mode: 'redact' })
    const text = `# Deploy\nkey ${AWS}\ntoken ${GITHUB}\nthe rest stays\n`
    const result = await claude.ok({
      command: 'create',
      path: '/memories/deploy.md',
      file_text: text
    })
    expect(result).toContain(
      'Note: Redacted 2 secrets before saving: an AWS access key (line 2) and a GitHub token (line 3)'
    )
    expect(result).not.toMatch(new RegExp(`${GITHUB}|${AWS}`))
    expect(await readFile(join(memory.root(), 'deploy.md'), 'utf8')).toBe(
      '# Deploy\nkey [redacted: AWS access key]\ntoken [redacted: GitHub token]\nthe rest stays\n'
    )
    expect(await everything(memory.temp())).not.toMatch(new RegExp(`${GITHUB}|${AWS}`))
  })

  it('warns on the user’s save (MEMORY_SECRET), then saves anyway or redacts as chosen', async () => {
    await store.create({ path: '/memories/u.md', content: 'start\n' })
    const typed = `start\nmy key ${AWS}\n`
    const refused = await store
      .write({ path: '/memories/u.md', content: typed })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CairnError)
    expect((refused as CairnError).code).toBe('MEMORY_SECRET')
    expect((refused as CairnError).detail).toBe(
      'Not saved: the text contains an AWS access key (line 2). Memory files are sent to Claude whenever it reads them. Remove it, or choose Redact and save or Save anyway.'
    )
    expect(await readFile(join(memory.root(), 'u.md'), 'utf8')).toBe('start\n')

    await store.write({ path: '/memories/u.md', content: typed, secrets: 'redact' })
    expect(await readFile(join(memory.root(), 'u.md'), 'utf8')).toBe(
      'start\nmy key [redacted: AWS access key]\n'
    )
    await store.write({ path: '/memories/u.md', content: typed, secrets: 'allow' })
    expect(await readFile(join(memory.root(), 'u.md'), 'utf8')).toBe(typed)
    // Saving again with the secret already there does not warn again.
    await store.write({ path: '/memories/u.md', content: `${typed}more\n` })
  })

  it('checks the user’s new files too, and not at all when checkUserEdits is off', async () => {
    const refused = await store
      .create({ path: '/memories/n.md', content: `gh ${GITHUB}` })
      .catch((e: unknown) => e as CairnError)
    expect((refused as CairnError).code).toBe('MEMORY_SECRET')
    expect(await readdir(memory.root())).toEqual([])
    store.updateSecretGuard({ checkUserEdits: false })
    await store.create({ path: '/memories/n.md', content: `gh ${GITHUB}` })
    expect(await readFile(join(memory.root(), 'n.md'), 'utf8')).toBe(`gh ${GITHUB}`)
    // Claude is still refused.
    await claude.err({ command: 'create', path: '/memories/m.md', file_text: `gh ${GITHUB}` })
  })

  it('refuses a bad setting with a clear error', () => {
    expect(() => store.updateSecretGuard({ mode: 'warn' as 'refuse' })).toThrow(/Invalid option/)
  })
})

describe('scan memory for secrets', () => {
  const memory = useMemory()

  it('lists each finding with file, line and kind, never the secret; skips big files by name', async () => {
    const root = await memory.mkroot()
    await writeFile(join(root, 'clean.md'), 'nothing here\n')
    await writeFile(join(root, 'keys.md'), `# Keys\n\naws ${AWS}\nand ${GITHUB}\n`)
    const restore = setBigFileSizes({ wholeBytes: 4096, syncBytes: 1024 })
    try {
      await writeFile(join(root, 'huge.log'), `${'x'.repeat(5000)}\n${AWS}\n`)
      const store = await memory.open()
      const result = await store.scanSecrets()
      expect(result.findings).toEqual([
        { path: '/memories/keys.md', line: 3, column: 5, kind: 'AWS access key' },
        { path: '/memories/keys.md', line: 4, column: 5, kind: 'GitHub token' }
      ])
      expect(result.scannedFiles).toBe(2)
      expect(result.skipped).toEqual([
        {
          path: '/memories/huge.log',
          size: 5022,
          reason: expect.stringMatching(/^larger than 4.0K/)
        }
      ])
      expect(JSON.stringify(result)).not.toMatch(new RegExp(`${GITHUB}|${AWS}`))
    } finally {
      restore()
    }
  })
})

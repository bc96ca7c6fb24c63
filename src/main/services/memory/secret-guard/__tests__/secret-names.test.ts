import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { captureLogger, expectCairnError } from '../../../__tests__/helpers'
import { CLAUDE, runner, useMemory } from '../../__tests__/helpers'

// Names are content: a credential in a file or folder name would land in the folder, the index,
// the activity log and the history journal. Every new name is checked by the guard before
// anything touches the disk, and a refusal leaves no trace of the secret anywhere.

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

function randomOf(alphabet: string, length: number): string {
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')
}

/** An Anthropic API key in the shape the real ones have. */
const anthropicKey = () => `sk-ant-api03-${randomOf(BASE64URL, 93)}AA`
/** An AWS access key id. */
const awsKeyId = () => `AKIA${randomOf(UPPER_ALNUM, 16)}`

const memory = useMemory()

async function setUp() {
  const { logger, lines } = captureLogger()
  const store = await memory.open({ logger })
  const claude = runner(() => store, CLAUDE)
  await claude.ok({ command: 'create', path: '/memories/plain.md', file_text: 'plain\n' })
  await claude.ok({ command: 'create', path: '/memories/folder/inside.md', file_text: 'in\n' })
  return { store, claude, lines }
}

/** Every file under the temp folder (memory and state), gzip'd history records opened. */
async function everyByte(): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = []
  for (const entry of await readdir(memory.temp(), { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    out.push({ path, text: path }) // the names themselves
    if (!entry.isFile()) continue
    const bytes = await readFile(path)
    out.push({ path, text: bytes.toString('latin1') })
    if (/^pack-\d+\.dat$/.test(entry.name)) {
      // MAGIC | sha256 | length (u32 BE) | crc32 | gzip bytes
      for (let at = 0; at + 44 <= bytes.length;) {
        const length = bytes.readUInt32BE(at + 36)
        out.push({ path, text: gunzipSync(bytes.subarray(at + 44, at + 44 + length)).toString() })
        at += 44 + length
      }
    }
  }
  return out
}

async function expectNowhere(secrets: string[], lines: string[] = []): Promise<void> {
  const all = await everyByte()
  for (const secret of secrets) {
    expect(all.filter((file) => file.text.includes(secret)).map((file) => file.path)).toEqual([])
    expect(lines.filter((line) => line.includes(secret))).toEqual([])
  }
}

/** The refusal: names the kind of secret, never the path or the secret. */
function expectNameRefusal(message: string, secret: string): void {
  expect(message).toMatch(/^Error: Refused: the (file|folder) name holds a credential \(/)
  expect(message).toContain('Nothing was written')
  expect(message).not.toContain(secret)
  expect(message).not.toContain(secret.slice(0, 12))
}

describe('a credential in a name is refused before anything touches the disk', () => {
  it("Claude's create of a file named after an Anthropic key or an AWS key id", async () => {
    const { claude, lines } = await setUp()
    const ant = anthropicKey()
    const aws = awsKeyId()
    const inWords = awsKeyId()
    expectNameRefusal(
      await claude.err({ command: 'create', path: `/memories/notes-${ant}.md`, file_text: 'x' }),
      ant
    )
    expectNameRefusal(
      await claude.err({ command: 'create', path: `/memories/${aws}.md`, file_text: 'x' }),
      aws
    )
    expectNameRefusal(
      await claude.err({
        command: 'create',
        path: `/memories/keys_${inWords}_old.md`,
        file_text: 'x'
      }),
      inWords
    )
    expect((await readdir(memory.root())).sort()).toEqual(['folder', 'plain.md'])
    await expectNowhere([ant, aws, inWords], lines)
  })

  it("Claude's create inside a folder named after a key", async () => {
    const { claude, lines } = await setUp()
    const ant = anthropicKey()
    const aws = awsKeyId()
    const message = await claude.err({
      command: 'create',
      path: `/memories/${ant}/note.md`,
      file_text: 'x'
    })
    expectNameRefusal(message, ant)
    expect(message).toContain('folder name')
    expectNameRefusal(
      await claude.err({
        command: 'create',
        path: `/memories/folder/${aws}/deep/n.md`,
        file_text: 'x'
      }),
      aws
    )
    expect((await readdir(memory.root())).sort()).toEqual(['folder', 'plain.md'])
    expect(await readdir(join(memory.root(), 'folder'))).toEqual(['inside.md'])
    await expectNowhere([ant, aws], lines)
  })

  it("Claude's rename of a file or a folder to a name holding a key", async () => {
    const { claude, lines } = await setUp()
    const ant = anthropicKey()
    const aws = awsKeyId()
    expectNameRefusal(
      await claude.err({
        command: 'rename',
        old_path: '/memories/plain.md',
        new_path: `/memories/${aws}.md`
      }),
      aws
    )
    expectNameRefusal(
      await claude.err({
        command: 'rename',
        old_path: '/memories/folder',
        new_path: `/memories/${ant}`
      }),
      ant
    )
    expect((await readdir(memory.root())).sort()).toEqual(['folder', 'plain.md'])
    await expectNowhere([ant, aws], lines)
  })

  it('a dry run (preview) refuses the same way and records nothing with the key', async () => {
    const { store, lines } = await setUp()
    const aws = awsKeyId()
    const ant = anthropicKey()
    const create = await store.preview(
      { command: 'create', path: `/memories/${aws}.md`, file_text: 'x' },
      CLAUDE
    )
    expect(create.ok).toBe(false)
    if (!create.ok) expectNameRefusal(create.result.content, aws)
    const rename = await store.preview(
      { command: 'rename', old_path: '/memories/plain.md', new_path: `/memories/n-${ant}.md` },
      CLAUDE
    )
    expect(rename.ok).toBe(false)
    if (!rename.ok) expectNameRefusal(rename.result.content, ant)
    await expectNowhere([aws, ant], lines)
  })

  it("the inspector's create, write and rename refuse such names too", async () => {
    const { store, lines } = await setUp()
    const ant = anthropicKey()
    const aws = awsKeyId()
    const dir = awsKeyId()
    const check = async (call: Promise<unknown>, secret: string) =>
      expectNameRefusal(`Error: ${(await expectCairnError(call, 'MEMORY_SECRET')).detail}`, secret)
    await check(store.create({ path: `/memories/${aws}.md`, content: 'x' }), aws)
    await check(store.create({ path: `/memories/${dir}`, content: '', kind: 'dir' }), dir)
    await check(store.write({ path: `/memories/notes-${ant}.md`, content: 'x' }), ant)
    await check(store.rename({ from: '/memories/plain.md', to: `/memories/folder/${aws}.md` }), aws)
    expect((await readdir(memory.root())).sort()).toEqual(['folder', 'plain.md'])
    await expectNowhere([ant, aws, dir], lines)
  })

  it('the activity entry of a refusal keeps the command, with the secret out of its paths', async () => {
    const { store, claude } = await setUp()
    const aws = awsKeyId()
    await claude.err({ command: 'create', path: `/memories/${aws}.md`, file_text: 'x' })
    const page = await store.activity()
    const refused = page.entries.find((entry) => entry.outcome === 'error')
    expect(refused?.command).toBe('create')
    expect(refused?.message).toMatch(/^Error: Refused: the file name holds a credential/)
    expect(JSON.stringify(refused)).not.toContain(aws)
  })
})

describe('the guard in redact mode, and other failures', () => {
  it("a name is refused even when Claude's writes are redacted (a name cannot be)", async () => {
    const { logger, lines } = captureLogger()
    const store = await memory.open({ logger, secretGuard: { mode: 'redact' } })
    const aws = awsKeyId()
    expectNameRefusal(
      await runner(() => store).err({
        command: 'create',
        path: `/memories/${aws}.md`,
        file_text: 'x'
      }),
      aws
    )
    expect(await readdir(memory.root())).toEqual([])
    await expectNowhere([aws], lines)
  })

  it('a command that fails for another reason on such a path logs it without the key', async () => {
    const { claude, lines } = await setUp()
    const ant = anthropicKey()
    const aws = awsKeyId()
    await claude.err({
      command: 'str_replace',
      path: `/memories/${ant}.md`,
      old_str: 'a',
      new_str: 'b'
    })
    await claude.err({ command: 'delete', path: `/memories/folder/${aws}` })
    await claude.err({
      command: 'rename',
      old_path: `/memories/${aws}.md`,
      new_path: '/memories/x.md'
    })
    await expectNowhere([ant, aws], lines)
  })

  it("the inspector's failures on such a path log neither the path nor a message quoting it", async () => {
    const { store, lines } = await setUp()
    const ant = anthropicKey()
    const aws = awsKeyId()
    await expectCairnError(store.delete(`/memories/${ant}.md`), 'MEMORY_NOT_FOUND')
    await expectCairnError(
      store.rename({ from: `/memories/${aws}.md`, to: '/memories/x.md' }),
      'MEMORY_NOT_FOUND'
    )
    await expectNowhere([ant, aws], lines)
  })
})

describe('ordinary names that look random are still accepted', () => {
  it('dates, hashes and UUIDs in names', async () => {
    const { store, claude } = await setUp()
    const sha = 'a3f9c2e1b4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f'
    const names = [
      '2025-06-01-notes.md',
      `${sha}.md`,
      '550e8400-e29b-41d4-a716-446655440000.md',
      'v1.2.3_release-notes.md',
      'AKIA-is-how-aws-key-ids-start.md'
    ]
    for (const name of names)
      await claude.ok({ command: 'create', path: `/memories/${name}`, file_text: 'x' })
    await claude.ok({ command: 'create', path: `/memories/${sha}/inner.md`, file_text: 'x' })
    await claude.ok({
      command: 'rename',
      old_path: '/memories/plain.md',
      new_path: '/memories/2025-06-02-550e8400-e29b-41d4-a716-446655440000.md'
    })
    await store.create({ path: '/memories/550e8400-e29b-41d4-a716-446655440001.md', content: 'y' })
    await store.rename({ from: '/memories/folder', to: `/memories/2025-06-01-${sha.slice(0, 12)}` })
    expect((await readdir(memory.root())).sort()).toEqual(
      [
        ...names,
        sha,
        '2025-06-02-550e8400-e29b-41d4-a716-446655440000.md',
        '550e8400-e29b-41d4-a716-446655440001.md',
        `2025-06-01-${sha.slice(0, 12)}`
      ].sort()
    )
  })
})

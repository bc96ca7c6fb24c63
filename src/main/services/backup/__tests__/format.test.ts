import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  readArchiveBytes,
  readArchiveFile,
  UNPACK_CHUNK,
  writeArchive,
  type UnpackProbe
} from '../archive-io'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  LIMITS,
  MANIFEST_NAME,
  sha256,
  type Manifest
} from '../format'
import { readTar, tarHeader, tarOf, type TarEntry } from '../tar'
import { gzipBomb } from './bomb'

// The archive format on its own: what is written reads back byte for byte, and every hostile or
// broken archive is refused with a sentence naming the problem (the service tests show that
// nothing reaches the disk then).

const settings: Manifest['settings'] = {
  memory: { maxFileBytes: 64 * 1024, maxTotalBytes: 1024 * 1024, maxFiles: 50, maxReadChars: 5000 },
  expiry: { mode: 'idle', days: 30, action: 'archive', pinned: ['people/**'] },
  history: { maxBytes: 4 * 1024 * 1024, maxDays: 30, keepLatest: 5 }
}

function manifestFor(files: Record<string, Buffer>, extra: Partial<Manifest> = {}): Manifest {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    createdAt: '2026-11-26T00:00:00.000Z',
    app: { name: 'Cairn', version: 'test' },
    files: Object.entries(files).map(([path, bytes]) => ({
      path,
      sha256: sha256(bytes),
      size: bytes.byteLength
    })),
    history: [],
    settings,
    ...extra
  }
}

function packed(entries: TarEntry[]): Buffer {
  return gzipSync(tarOf(entries))
}

function archiveOf(files: Record<string, Buffer>, extraEntries: TarEntry[] = []): Buffer {
  const manifest = manifestFor(files)
  return packed([
    { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) },
    ...Object.entries(files).map(([path, data]) => ({ name: `memory/${path}`, data })),
    ...extraEntries
  ])
}

async function refusal(bytes: Buffer, limits = LIMITS, probe?: UnpackProbe): Promise<string> {
  const error = await readArchiveBytes(bytes, limits, probe).then(
    () => null,
    (e: unknown) => e
  )
  expect(error, 'the archive should have been refused').toBeInstanceOf(Error)
  expect((error as Error).name).toBe('ArchiveError')
  return (error as Error).message
}

describe('the export archive format', () => {
  it('reads back what it wrote: names (long, UTF-8), bytes, history and settings', async () => {
    const long = `${'deep/'.repeat(40)}note.md`
    const files = {
      'about-me.md': Buffer.from('# Me\nI like tea.\n'),
      'people/zoë — café.md': Buffer.from('Zoë ☕\n'),
      [long]: Buffer.from('far down\n'),
      'empty.md': Buffer.alloc(0)
    }
    const old = Buffer.from('# Me\nI liked coffee.\n')
    const manifest = manifestFor(files, {
      history: [
        {
          path: 'about-me.md',
          versions: [
            {
              time: '2026-11-01T00:00:00.000Z',
              actor: 'claude',
              command: 'create',
              sha256: sha256(old),
              size: old.byteLength
            }
          ]
        }
      ]
    })
    const archive = await readArchiveBytes(
      packed([
        { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) },
        ...Object.entries(files).map(([path, data]) => ({ name: `memory/${path}`, data })),
        { name: `history/${sha256(old)}`, data: old }
      ])
    )
    expect([...archive.files.keys()].sort()).toEqual(Object.keys(files).sort())
    for (const [path, bytes] of Object.entries(files))
      expect(archive.files.get(path)?.equals(bytes)).toBe(true)
    expect(archive.versions.get(sha256(old))?.equals(old)).toBe(true)
    expect(archive.manifest.settings).toEqual(settings)
    expect(Buffer.byteLength(long)).toBeGreaterThan(100) // went through a pax record
  })

  it('writes a tar any tool reads: the ustar magic and a valid checksum', () => {
    const header = tarHeader('a.md', 3, 0)
    expect(header.toString('latin1', 257, 263)).toBe('ustar\u0000')
    expect(readTar(tarOf([{ name: 'a.md', data: Buffer.from('abc') }]), LIMITS)).toHaveLength(1)
  })

  it.each([
    ['../escape.md', 'steps out of its folder'],
    ['a/../../escape.md', 'steps out of its folder'],
    ['/etc/passwd', 'empty or "." segment'],
    ['C:/Windows/x.md', 'absolute path'],
    ['a\\..\\b.md', 'backslash'],
    ['a//b.md', 'empty or "." segment'],
    ['./a.md', 'empty or "." segment'],
    ['a\u0001b.md', 'control character'],
    ['cafe\u0301.md', 'normal form']
  ])('refuses the file name %j (%s)', async (name, why) => {
    const data = Buffer.from('x')
    expect(await refusal(archiveOf({ [name]: data }))).toContain(why)
  })

  it('refuses an entry with an absolute or climbing name of its own', async () => {
    const data = Buffer.from('x')
    expect(await refusal(archiveOf({}, [{ name: '/etc/passwd', data }]))).toContain('absolute')
    expect(await refusal(archiveOf({}, [{ name: '../../x', data }]))).toContain('steps out')
  })

  it('refuses a symbolic link and a hard link', async () => {
    for (const type of ['2', '1']) {
      const tar = tarOf([
        { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifestFor({}))) },
        { name: 'memory/link.md', data: Buffer.alloc(0) }
      ])
      // Make the second entry a link to /etc/passwd, checksum fixed up.
      const at = 512 + 512
      tar.write(type, at + 156, 'latin1')
      tar.write('/etc/passwd', at + 157, 'latin1')
      fixChecksum(tar, at)
      expect(await refusal(gzipSync(tar))).toContain('link')
    }
  })

  it('refuses a folder entry', async () => {
    const tar = tarOf([
      { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifestFor({}))) },
      { name: 'memory/dir', data: Buffer.alloc(0) }
    ])
    tar.write('5', 1024 + 156, 'latin1')
    fixChecksum(tar, 1024)
    expect(await refusal(gzipSync(tar))).toContain('not a plain file')
  })

  it('refuses an entry over the size limit', async () => {
    const big = Buffer.alloc(2048, 0x61)
    const message = await refusal(archiveOf({ 'big.md': big }), { ...LIMITS, maxEntryBytes: 1024 })
    expect(message).toContain('too large')
  })

  it('refuses an archive that unpacks to more than the limit (a gzip bomb)', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024))
    expect(bomb.byteLength).toBeLessThan(10_000)
    const message = await refusal(bomb, { ...LIMITS, maxUnpackedBytes: 1024 * 1024 })
    expect(message).toContain('unpacks to more than')
  })

  it('stops a gzip bomb one chunk past the limit, holding no more than the hold', async () => {
    const MB = 1024 * 1024
    const limits = { ...LIMITS, maxUnpackedBytes: 4 * MB, holdUnpackedBytes: MB }
    // A real little export with 64 MB of zeros after its end (tar readers skip what follows).
    const bomb = await gzipBomb(
      64 * MB,
      tarOf([{ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifestFor({}))) }])
    )
    expect(bomb.byteLength).toBeLessThan(MB / 4)
    const probe = { produced: 0, heldPeak: 0 }
    const message = await refusal(bomb, limits, probe)
    expect(message).toBe(
      'The archive unpacks to more than 4 MB, more than an import takes; it was refused.'
    )
    expect(probe.produced).toBeGreaterThan(limits.maxUnpackedBytes)
    expect(probe.produced).toBeLessThanOrEqual(limits.maxUnpackedBytes + UNPACK_CHUNK)
    expect(probe.heldPeak).toBeGreaterThan(0)
    expect(probe.heldPeak).toBeLessThanOrEqual(limits.holdUnpackedBytes)
  })

  it('reads an archive larger than the hold whole (it is unpacked twice)', async () => {
    const files = {
      'a.md': Buffer.alloc(300 * 1024, 'a'),
      'b.md': Buffer.from('bee\n'),
      'c.md': Buffer.alloc(200 * 1024, 'c')
    }
    const probe = { produced: 0, heldPeak: 0 }
    const archive = await readArchiveBytes(
      archiveOf(files),
      { ...LIMITS, holdUnpackedBytes: 64 * 1024 },
      probe
    )
    expect(new Map(archive.files)).toEqual(new Map(Object.entries(files)))
    // The first pass counted past the hold; the second held the whole tar at once.
    expect(probe.produced).toBeGreaterThan(500 * 1024)
    expect(probe.heldPeak).toBe(probe.produced)
  })

  it('refuses the same path twice', async () => {
    const data = Buffer.from('one')
    const bytes = archiveOf({ 'a.md': data }, [{ name: 'memory/a.md', data }])
    expect(await refusal(bytes)).toContain('twice')
  })

  it('refuses a name that is not UTF-8', async () => {
    const tar = tarOf([
      { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifestFor({}))) },
      { name: 'memory/xx.md', data: Buffer.alloc(0) }
    ])
    tar[1024 + 7] = 0xff
    tar[1024 + 8] = 0xfe
    fixChecksum(tar, 1024)
    expect(await refusal(gzipSync(tar))).toContain('not valid UTF-8')
  })

  it('refuses a cut-short archive, at any cut', async () => {
    const whole = archiveOf({ 'a.md': Buffer.from('hello '.repeat(500)) })
    for (const cut of [10, Math.floor(whole.byteLength / 2), whole.byteLength - 4])
      expect(await refusal(whole.subarray(0, cut))).toMatch(/damaged or cut short|cut short/)
    // Cut inside the tar itself (the gzip is whole).
    const tar = tarOf([
      { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifestFor({}))) }
    ]).subarray(0, 700)
    expect(await refusal(gzipSync(tar))).toContain('cut short')
  })

  it('refuses damaged data: a header checksum, a file whose bytes do not match', async () => {
    const tar = tarOf([{ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifestFor({}))) }])
    tar[5] = 0x5a
    expect(await refusal(gzipSync(tar))).toContain('checksum')
    const manifest = manifestFor({ 'a.md': Buffer.from('original') })
    const swapped = packed([
      { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) },
      { name: 'memory/a.md', data: Buffer.from('tampered') }
    ])
    expect(await refusal(swapped)).toContain('damaged')
  })

  it('refuses what is not ours: another tar, a bad manifest, an unlisted entry, a newer version', async () => {
    expect(await refusal(packed([{ name: 'readme.txt', data: Buffer.from('hi') }]))).toContain(
      'not a Cairn export'
    )
    expect(await refusal(gzipSync(Buffer.from('plain text')))).toMatch(/cut short|not a/)
    expect(
      await refusal(packed([{ name: MANIFEST_NAME, data: Buffer.from('{"format":1') }]))
    ).toContain('not valid JSON')
    const wrong = { ...manifestFor({}), settings: { memory: 'lots' } }
    expect(
      await refusal(packed([{ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(wrong)) }]))
    ).toContain('manifest is not valid')
    expect(
      await refusal(archiveOf({}, [{ name: 'memory/extra.md', data: Buffer.from('sneaky') }]))
    ).toContain('does not list')
    expect(
      await refusal(archiveOf({}, [{ name: 'scripts/run.sh', data: Buffer.from('rm -rf') }]))
    ).toContain('unexpected entry')
    const newer = { ...manifestFor({}), version: 2 }
    expect(
      await refusal(packed([{ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(newer)) }]))
    ).toContain('Update Cairn')
  })

  it('refuses a manifest whose file paths step outside, even with no entry for them', async () => {
    const manifest = manifestFor({})
    manifest.files.push({ path: '../../x.md', sha256: sha256('x'), size: 1 })
    expect(
      await refusal(packed([{ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) }]))
    ).toContain('steps out')
  })
})

describe('writing an archive', () => {
  it('is atomic: a failure half-way leaves the old file and no temp; a whole one reads back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cairn-archive-'))
    try {
      const dest = join(dir, 'out.cairnmem')
      await writeFile(dest, 'older')
      const failing = writeArchive(dest, async (writer) => {
        await writer.add(MANIFEST_NAME, Buffer.from('{}'))
        await writer.add('memory/a.md', Buffer.alloc(256 * 1024, 0x61))
        throw new Error('disk went away')
      })
      await expect(failing).rejects.toThrow('disk went away')
      expect(await readFile(dest, 'utf8')).toBe('older')
      expect(await readdir(dir)).toEqual(['out.cairnmem'])
      const data = Buffer.from('hello\n')
      const manifest = manifestFor({ 'a.md': data })
      await writeArchive(dest, async (writer) => {
        await writer.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)))
        await writer.add('memory/a.md', data)
      })
      const archive = await readArchiveFile(dest)
      expect(archive.files.get('a.md')?.toString()).toBe('hello\n')
      expect(await readdir(dir)).toEqual(['out.cairnmem'])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

function fixChecksum(tar: Buffer, at: number): void {
  tar.write('        ', at + 148, 'latin1')
  let sum = 0
  for (let i = 0; i < 512; i++) sum += tar[at + i] as number
  tar.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, at + 148, 'latin1')
}

import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { isWindows, modeOf, useTempDir } from '../../__tests__/helpers'
import { ensurePrivateDir, writeFileDurably } from '../durable'

const tempDir = useTempDir('cairn-durable-')

describe('writeFileDurably', () => {
  test('creates a new file with exactly the given content and nothing else in the folder', async () => {
    const target = join(tempDir(), 'notes.json')
    await writeFileDurably(target, '{"a":1}\n')
    expect(await readFile(target, 'utf8')).toBe('{"a":1}\n')
    expect(await readdir(tempDir())).toEqual(['notes.json'])
  })

  test('replaces existing content and leaves no temp file behind', async () => {
    const target = join(tempDir(), 'notes.json')
    await writeFile(target, 'old content that is longer than the new one')
    await writeFileDurably(target, 'new')
    expect(await readFile(target, 'utf8')).toBe('new')
    expect(await readdir(tempDir())).toEqual(['notes.json'])
  })

  test('writes binary data byte for byte', async () => {
    const target = join(tempDir(), 'blob.bin')
    const bytes = Uint8Array.from([0, 255, 10, 13, 0x22, 0x5c, 128])
    await writeFileDurably(target, bytes)
    expect(new Uint8Array(await readFile(target))).toEqual(bytes)
  })

  // Skipped on Windows: it has no POSIX file modes to check (ACLs stand in for them).
  test.skipIf(isWindows)(
    'the file is private (0600), even when it replaces a 0644 file',
    async () => {
      const fresh = join(tempDir(), 'fresh.json')
      await writeFileDurably(fresh, 'x')
      expect(await modeOf(fresh)).toBe(0o600)

      const replaced = join(tempDir(), 'replaced.json')
      await writeFile(replaced, 'old')
      await chmod(replaced, 0o644)
      await writeFileDurably(replaced, 'new')
      expect(await modeOf(replaced)).toBe(0o600)
    }
  )

  test('a write into a missing folder rejects and creates nothing', async () => {
    const missing = join(tempDir(), 'missing')
    await expect(writeFileDurably(join(missing, 'a.json'), 'x')).rejects.toMatchObject({
      code: 'ENOENT'
    })
    expect(await readdir(tempDir())).toEqual([])
  })

  test('a failed replace (the target is a folder) keeps the folder and its files, and no temp file', async () => {
    const target = join(tempDir(), 'settings.json')
    await mkdir(target)
    await writeFile(join(target, 'inside.txt'), 'kept')
    await expect(writeFileDurably(target, 'new')).rejects.toThrow()
    expect((await stat(target)).isDirectory()).toBe(true)
    expect(await readFile(join(target, 'inside.txt'), 'utf8')).toBe('kept')
    expect(await readdir(tempDir())).toEqual(['settings.json'])
  })

  test('a failed write keeps the old content intact and removes its temp file', async () => {
    const target = join(tempDir(), 'settings.json')
    await writeFile(target, 'old content')
    // Not a string or bytes: the write itself throws after the temp file was opened.
    await expect(writeFileDurably(target, 42 as unknown as string)).rejects.toThrow()
    expect(await readFile(target, 'utf8')).toBe('old content')
    expect(await readdir(tempDir())).toEqual(['settings.json'])
  })

  test('concurrent writes to one file each land whole: the result is one of them, never a mix', async () => {
    const target = join(tempDir(), 'race.txt')
    const contents = Array.from({ length: 8 }, (_, i) => String(i).repeat(64 * 1024))
    await Promise.all(contents.map((content) => writeFileDurably(target, content)))
    expect(contents).toContain(await readFile(target, 'utf8'))
    expect(await readdir(tempDir())).toEqual(['race.txt'])
  })
})

describe('ensurePrivateDir', () => {
  // Skipped on Windows: it has no POSIX file modes to check (ACLs stand in for them).
  test.skipIf(isWindows)('creates nested folders, each 0700', async () => {
    const deepest = join(tempDir(), 'a', 'b', 'c')
    await ensurePrivateDir(deepest)
    expect((await stat(deepest)).isDirectory()).toBe(true)
    for (const path of [join(tempDir(), 'a'), join(tempDir(), 'a', 'b'), deepest]) {
      expect(await modeOf(path)).toBe(0o700)
    }
  })

  test('is a no-op for an existing folder and keeps its files', async () => {
    const dir = join(tempDir(), 'data')
    await ensurePrivateDir(dir)
    await writeFile(join(dir, 'keep.txt'), 'kept')
    await ensurePrivateDir(dir)
    expect(await readFile(join(dir, 'keep.txt'), 'utf8')).toBe('kept')
  })

  test('rejects when a file stands where the folder should be', async () => {
    const path = join(tempDir(), 'occupied')
    await writeFile(path, 'a file')
    await expect(ensurePrivateDir(join(path, 'sub'))).rejects.toThrow()
    expect(await readFile(path, 'utf8')).toBe('a file')
  })
})

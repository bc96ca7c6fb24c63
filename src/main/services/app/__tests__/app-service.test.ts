import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import type { AppInfo } from '@shared/contract'
import {
  captureLogger,
  expectCairnError,
  isWindows,
  modeOf,
  useTempDir
} from '../../__tests__/helpers'
import { createAppService, type OpenPath, type WriteClipboard } from '../app-service'

const tempDir = useTempDir('cairn-app-')

function setup(openPath: OpenPath, memoryFolder = join(tempDir(), 'user-data', 'memories')) {
  const info: AppInfo = {
    name: 'Cairn',
    version: '1.2.3',
    platform: 'linux',
    electronVersion: '45.0.0',
    userDataFolder: join(tempDir(), 'user-data'),
    memoryFolder
  }
  const { logger, lines } = captureLogger()
  return { app: createAppService({ info, openPath, logger }), info, lines, memoryFolder }
}

describe('info', () => {
  test('returns the info it was built with', () => {
    const { app, info } = setup(async () => '')
    expect(app.info()).toEqual(info)
  })
})

describe('openMemoryFolder', () => {
  test('creates a missing folder and passes its path to openPath', async () => {
    const openPath = vi.fn<OpenPath>(async (path) => {
      // The folder must exist by the time the file manager is asked to show it.
      expect((await stat(path)).isDirectory()).toBe(true)
      return ''
    })
    const { app, memoryFolder } = setup(openPath)
    expect(await app.openMemoryFolder()).toEqual({ path: memoryFolder })
    expect(openPath).toHaveBeenCalledTimes(1)
    expect(openPath).toHaveBeenCalledWith(memoryFolder)
  })

  // Skipped on Windows: making a symbolic link there needs admin rights or Developer Mode.
  test.skipIf(isWindows)('refuses a memory folder that is a symbolic link', async () => {
    const openPath = vi.fn<OpenPath>(async () => '')
    const { app, memoryFolder } = setup(openPath)
    const elsewhere = join(tempDir(), 'elsewhere')
    await mkdir(elsewhere)
    await mkdir(join(tempDir(), 'user-data'))
    await symlink(elsewhere, memoryFolder)
    const error = await expectCairnError(app.openMemoryFolder(), 'OPEN_FOLDER_FAILED')
    expect(error.detail).toMatch(/symbolic link/)
    expect(error.detail).not.toContain(elsewhere)
    expect(openPath).not.toHaveBeenCalled()
    // A dangling link is refused too (nothing is created at its target).
    const dangling = join(tempDir(), 'dangling')
    const second = setup(openPath, join(tempDir(), 'user-data', 'm2'))
    await symlink(dangling, second.memoryFolder)
    await expectCairnError(second.app.openMemoryFolder(), 'OPEN_FOLDER_FAILED')
    await expect(stat(dangling)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(openPath).not.toHaveBeenCalled()
  })

  // Skipped on Windows: it has no POSIX file modes to check (ACLs stand in for them).
  test.skipIf(isWindows)('the created folder (and its missing parents) are 0700', async () => {
    const { app, memoryFolder } = setup(async () => '')
    await app.openMemoryFolder()
    expect(await modeOf(memoryFolder)).toBe(0o700)
    expect(await modeOf(join(tempDir(), 'user-data'))).toBe(0o700)
  })

  test('an existing folder is opened as is, its files untouched', async () => {
    const { app, memoryFolder } = setup(async () => '')
    await app.openMemoryFolder()
    await writeFile(join(memoryFolder, 'note.md'), '# kept')
    expect(await app.openMemoryFolder()).toEqual({ path: memoryFolder })
    expect(await readdir(memoryFolder)).toEqual(['note.md'])
    expect(await readFile(join(memoryFolder, 'note.md'), 'utf8')).toBe('# kept')
  })

  test('openPath answering an error text → OPEN_FOLDER_FAILED saying why and where the folder is', async () => {
    const { app, lines, memoryFolder } = setup(async () => 'No application is registered')
    const error = await expectCairnError(app.openMemoryFolder(), 'OPEN_FOLDER_FAILED')
    expect(error.detail).toContain('No application is registered')
    expect(error.detail).toContain(`It is at ${memoryFolder}`)
    expect(lines.some((line) => line.includes('did not open the memory folder'))).toBe(true)
  })

  test('openPath throwing → OPEN_FOLDER_FAILED saying where the folder is', async () => {
    const { app, memoryFolder } = setup(() => Promise.reject(new Error('dbus went away')))
    const error = await expectCairnError(app.openMemoryFolder(), 'OPEN_FOLDER_FAILED')
    expect(error.detail).toContain('dbus went away')
    expect(error.detail).toContain(memoryFolder)
  })

  test('a folder that cannot be created → OPEN_FOLDER_FAILED naming the path; openPath not called', async () => {
    const blocker = join(tempDir(), 'blocker')
    await writeFile(blocker, 'a file where a folder should be')
    const openPath = vi.fn<OpenPath>(async () => '')
    const { app } = setup(openPath, join(blocker, 'memories'))
    const error = await expectCairnError(app.openMemoryFolder(), 'OPEN_FOLDER_FAILED')
    expect(error.detail).toContain(join(blocker, 'memories'))
    expect(error.detail).toContain('ENOTDIR')
    expect(openPath).not.toHaveBeenCalled()
  })
})

describe('copyText', () => {
  const info = (): AppInfo => ({
    name: 'Cairn',
    version: '1.2.3',
    platform: 'linux',
    electronVersion: '45.0.0',
    userDataFolder: tempDir(),
    memoryFolder: join(tempDir(), 'memories')
  })

  test('puts the text on the clipboard and logs only its size', () => {
    const { logger, lines } = captureLogger()
    const writeClipboard = vi.fn<WriteClipboard>()
    const app = createAppService({ info: info(), openPath: async () => '', writeClipboard, logger })
    expect(app.copyText('secret diagnostics text')).toEqual({ copied: 23 })
    expect(writeClipboard).toHaveBeenCalledWith('secret diagnostics text')
    expect(lines.join('\n')).toContain('23')
    expect(lines.join('\n')).not.toContain('secret diagnostics')
  })

  test('a clipboard that throws, or none at all → a clear error saying how to copy by hand', () => {
    const { logger } = captureLogger()
    const broken = createAppService({
      info: info(),
      openPath: async () => '',
      writeClipboard: () => {
        throw new Error('X11 selection owner vanished')
      },
      logger
    })
    expect(() => broken.copyText('a')).toThrow(/could not be put on the clipboard.*by hand/)
    const none = createAppService({ info: info(), openPath: async () => '', logger })
    expect(() => none.copyText('a')).toThrow(/not available here.*by hand/)
  })
})

import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { isWindows, modeOf, useTempDir } from '../../__tests__/helpers'
import {
  createWindowStateStore,
  DEFAULT_WINDOW_STATE,
  type WindowState
} from '../window-state-store'

const tempDir = useTempDir('cairn-window-')
const stateFile = () => join(tempDir(), 'window-state.json')

describe('window state store', () => {
  test('no file → the default size', async () => {
    expect(await createWindowStateStore(tempDir()).load()).toEqual(DEFAULT_WINDOW_STATE)
  })

  test('round trip: what is saved loads back in a new store', async () => {
    const state: WindowState = { x: -20, y: 40, width: 1280, height: 800, maximized: true }
    await createWindowStateStore(tempDir()).save(state)
    expect(await createWindowStateStore(tempDir()).load()).toEqual(state)
    expect(await readdir(tempDir())).toEqual(['window-state.json'])
  })

  test('a position is optional', async () => {
    const store = createWindowStateStore(tempDir())
    await store.save({ width: 900, height: 700, maximized: false })
    expect(await store.load()).toEqual({ width: 900, height: 700, maximized: false })
  })

  // Skipped on Windows: it has no POSIX file modes to check (ACLs stand in for them).
  test.skipIf(isWindows)('the file is private (0600)', async () => {
    await createWindowStateStore(tempDir()).save({ width: 900, height: 700, maximized: false })
    expect(await modeOf(stateFile())).toBe(0o600)
  })

  test.each([
    ['corrupt JSON', '{"width": 9'],
    ['not an object', '[]'],
    ['too small', '{"width": 10, "height": 10}'],
    ['too large', '{"width": 100000, "height": 800}'],
    ['not whole numbers', '{"width": 800.5, "height": 600}'],
    ['missing size', '{"x": 1, "y": 2}'],
    ['wrong types', '{"width": "800", "height": 600, "maximized": "yes"}']
  ])('a bad file (%s) → the default size', async (_label, text) => {
    await writeFile(stateFile(), text)
    expect(await createWindowStateStore(tempDir()).load()).toEqual(DEFAULT_WINDOW_STATE)
  })

  test('the default handed out is a copy: changing it does not change the next default', async () => {
    const store = createWindowStateStore(tempDir())
    const first = await store.load()
    first.width = 401
    first.maximized = true
    expect(await store.load()).toEqual({ width: 1100, height: 760, maximized: false })
    expect(DEFAULT_WINDOW_STATE).toEqual({ width: 1100, height: 760, maximized: false })
  })

  test.each([
    ['too narrow', { width: 399, height: 600 }],
    ['too short', { width: 800, height: 299 }],
    ['too wide', { width: 16_385, height: 600 }],
    ['not whole', { width: 800, height: 600.5 }],
    ['fractional position', { x: 1.5, width: 800, height: 600 }]
  ])(
    'saving an out-of-range state (%s) is refused and keeps the saved file',
    async (_label, bad) => {
      const store = createWindowStateStore(tempDir())
      await store.save({ width: 1000, height: 700, maximized: false })
      const before = await readFile(stateFile(), 'utf8')
      await expect(store.save({ maximized: false, ...bad } as WindowState)).rejects.toThrow()
      expect(await readFile(stateFile(), 'utf8')).toBe(before)
      expect(await readdir(tempDir())).toEqual(['window-state.json'])
    }
  )
})

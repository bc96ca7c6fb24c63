import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_QUICK_ASK_SHORTCUT } from '@shared/app/accelerator'
import { captureLogger, expectCairnError, useTempDir } from '../../__tests__/helpers'
import { createSettingsStore } from '../../settings/settings-store'
import { createShortcutService, type ShortcutRegistrar } from '../shortcut-service'

const tempDir = useTempDir('cairn-shortcut-')

/** The system's shortcuts: `taken` belong to other apps; `throws` make Electron throw. */
function fakeSystem(taken: string[] = [], throws: string[] = []) {
  const held = new Map<string, () => void>()
  const registrar: ShortcutRegistrar = {
    register: vi.fn((accelerator: string, onPress: () => void) => {
      if (throws.includes(accelerator)) throw new Error('conversion failure')
      if (taken.includes(accelerator) || held.has(accelerator)) return false
      held.set(accelerator, onPress)
      return true
    }),
    unregister: vi.fn((accelerator: string) => void held.delete(accelerator))
  }
  return { registrar, held, press: (accelerator: string) => held.get(accelerator)?.() }
}

async function setup(platform = 'linux') {
  const { logger, lines } = captureLogger()
  const settings = createSettingsStore({ dir: tempDir(), logger })
  await settings.load()
  const service = createShortcutService({ settings, platform, logger })
  const savedOnDisk = async () =>
    JSON.parse(await readFile(join(tempDir(), 'settings.json'), 'utf8')).quickAskShortcut as string
  return { settings, service, lines, savedOnDisk }
}

describe('the shortcut service', () => {
  it('registers the saved shortcut (the default) and a press runs the action', async () => {
    const { service } = await setup()
    const system = fakeSystem()
    const onPress = vi.fn()
    const status = service.attach(system.registrar, onPress)
    expect(status).toEqual({
      accelerator: DEFAULT_QUICK_ASK_SHORTCUT,
      label: 'Ctrl+Shift+Space',
      registered: true,
      problem: null
    })
    system.press(DEFAULT_QUICK_ASK_SHORTCUT)
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('says clearly when another app holds the shortcut at start', async () => {
    const { service, lines } = await setup()
    const status = service.attach(fakeSystem([DEFAULT_QUICK_ASK_SHORTCUT]).registrar, vi.fn())
    expect(status.registered).toBe(false)
    expect(status.problem).toBe(
      'Another app uses Ctrl+Shift+Space, so quick ask has no shortcut. Choose another one below.'
    )
    expect(lines.join('\n')).toContain('global shortcut taken at start')
  })

  it('names the shortcut the macOS way on a Mac', async () => {
    const { service } = await setup('darwin')
    const status = service.attach(fakeSystem([DEFAULT_QUICK_ASK_SHORTCUT]).registrar, vi.fn())
    expect(status.label).toBe('⌘⇧Space')
    expect(status.problem).toContain('Another app uses ⌘⇧Space')
  })

  it('changes: registers the new one, saves it, then lets the old one go', async () => {
    const { service, savedOnDisk } = await setup()
    const system = fakeSystem()
    const onPress = vi.fn()
    service.attach(system.registrar, onPress)
    const status = await service.set('ctrl+alt+k')
    expect(status).toMatchObject({ accelerator: 'Control+Alt+K', registered: true, problem: null })
    expect([...system.held.keys()]).toEqual(['Control+Alt+K'])
    expect(await savedOnDisk()).toBe('Control+Alt+K')
    system.press('Control+Alt+K')
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('a conflict refuses with a clear message and keeps the old shortcut, saved and held', async () => {
    const { service, settings } = await setup()
    const system = fakeSystem(['Control+Alt+K'])
    service.attach(system.registrar, vi.fn())
    const error = await expectCairnError(service.set('Control+Alt+K'), 'SHORTCUT_TAKEN')
    expect(error.detail).toBe('Another app uses Ctrl+Alt+K; choose another shortcut.')
    expect([...system.held.keys()]).toEqual([DEFAULT_QUICK_ASK_SHORTCUT])
    expect(settings.get().settings.quickAskShortcut).toBe(DEFAULT_QUICK_ASK_SHORTCUT)
    expect(service.status()).toMatchObject({ registered: true, problem: null })
  })

  it('a shortcut Electron throws on counts as refused, nothing changes', async () => {
    const { service, settings } = await setup()
    const system = fakeSystem([], ['Super+PrintScreen'])
    service.attach(system.registrar, vi.fn())
    await expectCairnError(service.set('Super+PrintScreen'), 'SHORTCUT_TAKEN')
    expect([...system.held.keys()]).toEqual([DEFAULT_QUICK_ASK_SHORTCUT])
    expect(settings.get().settings.quickAskShortcut).toBe(DEFAULT_QUICK_ASK_SHORTCUT)
  })

  it('an invalid accelerator never reaches the system', async () => {
    const { service } = await setup()
    const system = fakeSystem()
    service.attach(system.registrar, vi.fn())
    vi.mocked(system.registrar.register).mockClear()
    const error = await expectCairnError(service.set('Shift+Banana'), 'BAD_INPUT')
    expect(error.detail).toMatch(/"Banana" is not a key/)
    await expectCairnError(service.set('K'), 'BAD_INPUT')
    expect(system.registrar.register).not.toHaveBeenCalled()
  })

  it('when the settings cannot be saved, the new shortcut is released and the old one kept', async () => {
    const { service, settings } = await setup()
    const system = fakeSystem()
    service.attach(system.registrar, vi.fn())
    vi.spyOn(settings, 'update').mockRejectedValueOnce(new Error('disk full'))
    await expect(service.set('Alt+Shift+J')).rejects.toThrow('disk full')
    expect([...system.held.keys()]).toEqual([DEFAULT_QUICK_ASK_SHORTCUT])
    expect(service.status()).toMatchObject({
      accelerator: DEFAULT_QUICK_ASK_SHORTCUT,
      registered: true
    })
  })

  it('choosing a shortcut again after a conflict at start registers it once it is free', async () => {
    const { service } = await setup()
    const taken = [DEFAULT_QUICK_ASK_SHORTCUT]
    const system = fakeSystem(taken)
    service.attach(system.registrar, vi.fn())
    taken.length = 0 // the other app let it go
    const status = await service.set(DEFAULT_QUICK_ASK_SHORTCUT)
    expect(status).toMatchObject({ registered: true, problem: null })
  })

  it('two quick changes run one after the other: only the last is held', async () => {
    const { service, savedOnDisk } = await setup()
    const system = fakeSystem()
    service.attach(system.registrar, vi.fn())
    await Promise.all([service.set('Alt+Shift+1'), service.set('Alt+Shift+2')])
    expect([...system.held.keys()]).toEqual(['Alt+Shift+2'])
    expect(await savedOnDisk()).toBe('Alt+Shift+2')
  })

  it('without the system (not attached) says so instead of pretending', async () => {
    const { service } = await setup()
    expect(service.status()).toMatchObject({ registered: false })
    expect(service.status().problem).toMatch(/not available/)
    await expectCairnError(service.set('Alt+Shift+J'), 'QUICK_ASK_UNAVAILABLE')
  })

  it('unregisters on quit (dispose), once', async () => {
    const { service } = await setup()
    const system = fakeSystem()
    service.attach(system.registrar, vi.fn())
    service.dispose()
    expect(system.held.size).toBe(0)
    expect(system.registrar.unregister).toHaveBeenCalledTimes(1)
    service.dispose()
    expect(system.registrar.unregister).toHaveBeenCalledTimes(1)
  })
})

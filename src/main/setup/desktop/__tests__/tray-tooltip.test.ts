import { describe, expect, it } from 'vitest'
import { createFakeDesktop } from '../../../__tests__/electron-mock-desktop'
import { captureLogger } from '../../../services/__tests__/helpers'
import { setupTray } from '../tray'

/** Settings with only what the tray reads; `set` changes them and tells the listeners. */
function fakeSettings(keepInTray: boolean) {
  const listeners = new Set<() => void>()
  let current = { keepInTray, newChatMemory: 'on' }
  return {
    get: () => ({ settings: current }),
    onChange(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set(next: Partial<typeof current>) {
      current = { ...current, ...next }
      listeners.forEach((listener) => listener())
    }
  }
}

describe('tray tooltip', () => {
  it('says what waits, on the icon now and on one made later', () => {
    const { Tray, Menu } = createFakeDesktop({})
    const settings = fakeSettings(false)
    const tray = setupTray(
      { app: { quit: () => undefined } as never, Tray: Tray as never, Menu: Menu as never },
      {
        services: {
          settings: settings as never,
          links: {} as never,
          app: {} as never,
          memory: { enabled: true } as never
        },
        window: { focusWindow: async () => ({}) as never },
        logger: captureLogger().logger,
        icon: '/icon.png',
        platform: 'linux'
      }
    )
    // No icon yet (Linux, the setting off): the text waits for one.
    tray.setTooltip('Cairn — 1 chat waiting for your approval')
    expect(Tray.instances).toHaveLength(0)
    settings.set({ keepInTray: true })
    expect(Tray.instances[0]?.tooltip).toBe('Cairn — 1 chat waiting for your approval')
    tray.setTooltip('Cairn')
    expect(Tray.instances[0]?.tooltip).toBe('Cairn')
    tray.dispose()
  })
})

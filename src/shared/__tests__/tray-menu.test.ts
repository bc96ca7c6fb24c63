import { describe, expect, it } from 'vitest'
import { keepsRunningInTray, trayMenuModel, type TrayMenuState } from '../app/tray-menu'

const base: TrayMenuState = {
  memoryPaused: false,
  memoryOff: false,
  quickAskAvailable: true,
  platform: 'win32'
}
const labels = (state: TrayMenuState) =>
  trayMenuModel(state).map((item) => (item.kind === 'separator' ? '—' : item.label))

describe('the tray menu model', () => {
  it('offers open, new chat, quick ask, the memory folder, pause memory and quit', () => {
    expect(labels(base)).toEqual([
      'Open Cairn',
      '—',
      'New chat',
      'Quick ask…',
      '—',
      'Open memory folder',
      'Pause memory for new chats',
      '—',
      'Quit Cairn'
    ])
  })

  it('leaves Quick ask out when nothing answers it, and says Finder on macOS', () => {
    expect(labels({ ...base, quickAskAvailable: false })).not.toContain('Quick ask…')
    expect(labels({ ...base, platform: 'darwin' })).toContain('Show memory folder in Finder')
  })

  it('pause memory is a checkbox showing the setting; both memory items are off without memory', () => {
    const find = (state: TrayMenuState, action: string) =>
      trayMenuModel(state).find((item) => item.kind === 'action' && item.action === action)
    expect(find(base, 'pause-memory')).toMatchObject({ checked: false, enabled: true })
    expect(find({ ...base, memoryPaused: true }, 'pause-memory')).toMatchObject({ checked: true })
    const off = { ...base, memoryOff: true }
    expect(find(off, 'pause-memory')).toMatchObject({ enabled: false })
    expect(find(off, 'open-memory-folder')).toMatchObject({ enabled: false })
    expect(find(off, 'new-chat')).toMatchObject({ enabled: true })
    expect(find(base, 'new-chat')).not.toHaveProperty('checked')
  })
})

describe('keep running in the tray', () => {
  it('defaults to on, except on Linux; the setting wins either way', () => {
    expect(keepsRunningInTray(null, 'win32')).toBe(true)
    expect(keepsRunningInTray(null, 'darwin')).toBe(true)
    expect(keepsRunningInTray(null, 'linux')).toBe(false)
    expect(keepsRunningInTray(undefined, 'linux')).toBe(false)
    expect(keepsRunningInTray(true, 'linux')).toBe(true)
    expect(keepsRunningInTray(false, 'win32')).toBe(false)
  })
})

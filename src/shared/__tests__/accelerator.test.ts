import { describe, expect, it } from 'vitest'
import {
  acceleratorFromKeys,
  acceleratorLabel,
  AcceleratorSchema,
  checkAccelerator,
  DEFAULT_QUICK_ASK_SHORTCUT,
  type KeyPress
} from '../app/accelerator'
import { defaultSettings, SettingsSchema } from '../app/settings'

describe('checkAccelerator', () => {
  it.each([
    ['CommandOrControl+Shift+Space', 'CommandOrControl+Shift+Space'],
    ['cmdorctrl+shift+space', 'CommandOrControl+Shift+Space'],
    ['Shift+Ctrl+K', 'Control+Shift+K'],
    ['Alt+F4', 'Alt+F4'],
    ['F13', 'F13'],
    ['Super+Enter', 'Super+Enter'],
    ['Option+Cmd+j', 'Command+Alt+J'],
    ['Ctrl+Plus', 'Control+Plus'],
    ['Ctrl++', 'Control+Plus'],
    ['Ctrl+/', 'Control+/'],
    ['CmdOrCtrl+num5', 'CommandOrControl+num5']
  ])('accepts %j as %j', (text, canonical) => {
    expect(checkAccelerator(text)).toEqual({ ok: true, accelerator: canonical })
  })

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['A', /needs Ctrl/],
    ['Shift+A', /needs Ctrl/],
    ['Ctrl+Shift', /add a key/],
    ['Ctrl+A+B', /one key/],
    ['Ctrl+Ctrl+A', /twice/],
    ['Ctrl+Banana', /"Banana" is not a key/],
    ['Ctrl+F25', /"F25" is not a key/],
    ['Ctrl+', /not a key combination/],
    ['+A', /not a key combination/],
    ['CmdOrCtrl+Control+A', /not both/],
    ['Ctrl+\u202eA', /is not a key/],
    ['Ctrl+' + 'A'.repeat(200), /too long/]
  ])('refuses %j with a reason', (text, reason) => {
    const checked = checkAccelerator(text)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.reason).toMatch(reason)
  })

  it('is what the schema enforces, canonical on the way out', () => {
    expect(AcceleratorSchema.parse('ctrl+alt+q')).toBe('Control+Alt+Q')
    const refused = AcceleratorSchema.safeParse('Q')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toMatch(/needs Ctrl/)
    expect(AcceleratorSchema.safeParse(42).success).toBe(false)
  })

  it('is the settings default, and a bad saved value is refused like any bad setting', () => {
    expect(defaultSettings().quickAskShortcut).toBe(DEFAULT_QUICK_ASK_SHORTCUT)
    expect(SettingsSchema.safeParse({ quickAskShortcut: 'Banana' }).success).toBe(false)
  })
})

describe('acceleratorLabel', () => {
  it('reads as people expect on each platform', () => {
    expect(acceleratorLabel(DEFAULT_QUICK_ASK_SHORTCUT, 'linux')).toBe('Ctrl+Shift+Space')
    expect(acceleratorLabel(DEFAULT_QUICK_ASK_SHORTCUT, 'win32')).toBe('Ctrl+Shift+Space')
    expect(acceleratorLabel(DEFAULT_QUICK_ASK_SHORTCUT, 'darwin')).toBe('⌘⇧Space')
    expect(acceleratorLabel('Super+Alt+K', 'win32')).toBe('Win+Alt+K')
    expect(acceleratorLabel('Control+Plus', 'linux')).toBe('Ctrl+Plus')
  })
})

describe('acceleratorFromKeys', () => {
  const press = (extra: Partial<KeyPress>): KeyPress => ({
    code: 'KeyK',
    key: 'k',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...extra
  })

  it('records the platform main modifier as CommandOrControl', () => {
    expect(acceleratorFromKeys(press({ ctrlKey: true, shiftKey: true }), false)).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Shift+K'
    })
    expect(acceleratorFromKeys(press({ metaKey: true, code: 'Space', key: ' ' }), true)).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Space'
    })
    expect(acceleratorFromKeys(press({ ctrlKey: true }), true)).toEqual({
      ok: true,
      accelerator: 'Control+K'
    })
  })

  it('uses the physical key, so Shift+1 is 1, not !', () => {
    const shifted = press({ code: 'Digit1', key: '!', ctrlKey: true, shiftKey: true })
    expect(acceleratorFromKeys(shifted, false)).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Shift+1'
    })
  })

  it('waits while only modifiers are held', () => {
    expect(
      acceleratorFromKeys(press({ code: 'ControlLeft', key: 'Control', ctrlKey: true }), false)
    ).toBeNull()
    expect(acceleratorFromKeys(press({ code: 'ShiftRight', key: 'Shift' }), false)).toBeNull()
  })

  it('explains a combination that cannot be a global shortcut', () => {
    const bare = acceleratorFromKeys(press({}), false)
    expect(bare).toMatchObject({ ok: false })
    const odd = acceleratorFromKeys(press({ code: 'IntlRo', key: 'ろ', ctrlKey: true }), false)
    expect(odd).toEqual({ ok: false, reason: 'ろ cannot be used in a shortcut' })
  })
})

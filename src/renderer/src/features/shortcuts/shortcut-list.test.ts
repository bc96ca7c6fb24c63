import { describe, expect, it } from 'vitest'
import { keysLabel, SHORTCUTS } from './shortcut-list'

describe('keysLabel', () => {
  it('reads Ctrl elsewhere and the Mac symbols on a Mac', () => {
    expect(keysLabel('Control+Shift+N', false)).toBe('Ctrl+Shift+N')
    expect(keysLabel('Control+Shift+N', true)).toBe('⌘⇧N')
    expect(keysLabel('Control+/', false)).toBe('Ctrl+/')
    expect(keysLabel('Escape', false)).toBe('Esc')
    expect(keysLabel('ArrowUp', true)).toBe('↑')
  })

  it('lists each shortcut once per group', () => {
    for (const group of SHORTCUTS)
      expect(new Set(group.items.map((item) => item.what)).size).toBe(group.items.length)
  })
})

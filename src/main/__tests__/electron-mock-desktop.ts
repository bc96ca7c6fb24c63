import { vi } from 'vitest'
import { FakeEmitter } from './electron-mock-emitter'

/*
 * The desktop pieces of the fake electron (tray, menu, crash reporter), kept apart so the main
 * mock stays small. createFakeElectron() puts them in its module.
 */

export interface FakeMenuItem {
  id?: string
  label?: string
  type?: string
  checked?: boolean
  enabled?: boolean
  click?: () => void
}
export interface FakeMenu {
  items: FakeMenuItem[]
}
export interface FakeTray extends FakeEmitter {
  readonly image: string
  tooltip: string
  menu: FakeMenu | null
  destroyed: boolean
  click(id: string): void
}

export interface FakeNotification extends FakeEmitter {
  readonly title: string
  readonly body: string
  shown: boolean
}

export function createFakeDesktop(options: { trayFails?: boolean }) {
  // Tray and Menu: the icons made (destroyed ones stay listed) and the menus they were given.
  const trays: FakeTray[] = []
  class Tray extends FakeEmitter implements FakeTray {
    static instances = trays
    tooltip = ''
    menu: FakeMenu | null = null
    destroyed = false
    constructor(readonly image: string) {
      super()
      if (options.trayFails) throw new Error('no tray on this desktop')
      trays.push(this)
    }
    setToolTip(tooltip: string): void {
      this.tooltip = tooltip
    }
    setContextMenu(menu: FakeMenu | null): void {
      this.menu = menu
    }
    destroy(): void {
      this.destroyed = true
    }
    /** What a click on the menu item with this id does. */
    click(id: string): void {
      const item = this.menu?.items.find((candidate) => candidate.id === id)
      if (!item?.click) throw new Error(`no menu item ${id}`)
      item.click()
    }
  }
  const Menu = {
    buildFromTemplate: vi.fn((template: FakeMenuItem[]): FakeMenu => ({ items: template }))
  }
  const crashReporter = { start: vi.fn((_options: Record<string, unknown>) => undefined) }
  // System notifications: each one made, and whether it was shown; a test clicks with emit('click').
  const notifications: FakeNotification[] = []
  class Notification extends FakeEmitter implements FakeNotification {
    static instances = notifications
    static isSupported = vi.fn(() => true)
    readonly title: string
    readonly body: string
    shown = false
    constructor(options: { title: string; body: string }) {
      super()
      this.title = options.title
      this.body = options.body
      notifications.push(this)
    }
    show(): void {
      this.shown = true
    }
  }

  return { Tray, Menu, crashReporter, Notification }
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { MemoryApproval, PendingApproval } from '@shared/chat/approval'
import type { EventName, EventPayload } from '@shared/contract'
import { FakeEmitter } from '../../../__tests__/electron-mock-emitter'
import { createFakeDesktop } from '../../../__tests__/electron-mock-desktop'
import { captureLogger } from '../../../services/__tests__/helpers'
import { createAttentionService } from '../../../services/attention/attention-service'
import type { ChatEmit } from '../../../services/chat/types'
import { APP_USER_MODEL_ID, setupAttention } from '../../../setup/desktop/attention'
import { createDesktopAttention } from '../attention'

const CHAT = 'c-0000000a'
const approval: MemoryApproval = {
  id: '0b8f5a2e-3c1d-4e6f-8a9b-0c1d2e3f4a5b',
  conversationId: CHAT,
  turnId: 't-1',
  toolUseId: 'toolu_1',
  command: 'delete',
  path: '/memories/old.md',
  preview: { before: 'old\n', after: null },
  createdAt: '2026-11-27T10:00:00.000Z',
  revision: 0
}

class FakeWindow extends FakeEmitter {
  title = 'Cairn'
  focused = true
  visible = true
  destroyed = false
  calls: string[] = []
  isDestroyed = () => this.destroyed
  isFocused = () => this.focused
  isVisible = () => this.visible
  setTitle(title: string): void {
    this.title = title
  }
  show(): void {
    this.calls.push('show')
  }
}

/** A chat service with one approval that can wait and be answered. */
function fakeChat() {
  const listeners = new Set<ChatEmit>()
  let waiting: PendingApproval[] = []
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) =>
    listeners.forEach((l) => (l as (e: E, p: EventPayload<E>) => void)(event, payload))
  return {
    chat: {
      onEvent(listener: ChatEmit) {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
      listApprovals: () => ({ approvals: waiting }),
      getConversation: async () =>
        ({ conversation: { title: 'Old notes' }, running: true }) as never
    },
    ask() {
      waiting = [approval]
      emit('chat:approval-pending', approval)
    },
    answer() {
      waiting = []
      emit('chat:approval-resolved', {
        conversationId: CHAT,
        approvalId: approval.id,
        outcome: 'approved'
      })
    }
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('desktop attention', () => {
  it('puts the count on the icon, in the title and the tray tooltip; the page’s own title does not take it back', async () => {
    const { chat, ask, answer } = fakeChat()
    const requested: unknown[] = []
    const attention = createAttentionService({
      chat,
      links: { request: (link) => void requested.push(link) },
      logger: captureLogger().logger
    })
    const app = Object.assign(new FakeEmitter(), { setBadgeCount: vi.fn(() => true) })
    const { Notification } = createFakeDesktop({})
    const window = new FakeWindow()
    const tooltips: string[] = []
    const setup = setupAttention(
      { app: app as never, Notification: Notification as never },
      {
        services: { attention },
        window: { current: () => window as never, focusWindow: async () => window as never },
        tray: { setTooltip: (text) => void tooltips.push(text) },
        logger: captureLogger().logger
      }
    )
    app.emit('browser-window-created', {}, window)
    ask()
    await settled()
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(1)
    expect(window.title).toBe('Cairn — 1 chat waiting for your approval')
    expect(tooltips.at(-1)).toBe('Cairn — 1 chat waiting for your approval')
    // A reload sets the page's <title>: main keeps the count in the window's title.
    const event = { preventDefault: vi.fn() }
    window.emit('page-title-updated', event, 'Cairn')
    expect(event.preventDefault).toHaveBeenCalled()
    expect(window.title).toBe('Cairn — 1 chat waiting for your approval')
    // The window had the focus: no notification.
    expect(Notification.instances).toHaveLength(0)

    answer()
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0)
    expect(window.title).toBe('Cairn')
    expect(tooltips.at(-1)).toBe('Cairn')
    setup.dispose()
    attention.dispose()
  })

  it('notifies while the window is in the background or hidden; the click shows the window on that chat', async () => {
    const { chat, ask } = fakeChat()
    const requested: unknown[] = []
    const attention = createAttentionService({
      chat,
      links: { request: (link) => void requested.push(link) },
      logger: captureLogger().logger
    })
    const { Notification } = createFakeDesktop({})
    const window = new FakeWindow()
    window.focused = false
    const focusWindow = vi.fn(async () => window as never)
    setupAttention(
      { app: new FakeEmitter() as never, Notification: Notification as never },
      {
        services: { attention },
        window: { current: () => window as never, focusWindow },
        tray: { setTooltip: () => undefined },
        logger: captureLogger().logger
      }
    )
    ask()
    await settled()
    const [note] = Notification.instances
    expect(note).toMatchObject({
      title: 'Claude is waiting for your approval',
      body: 'In “Old notes”: Claude wants to delete old.md',
      shown: true
    })
    note!.emit('click')
    await settled()
    expect(focusWindow).toHaveBeenCalled()
    expect(window.calls).toEqual(['show'])
    expect(requested).toEqual([{ kind: 'conversation', conversationId: CHAT }])
    attention.dispose()
  })

  it('on Windows, names the app as the installer does, so its notifications show', () => {
    const { chat } = fakeChat()
    const attention = createAttentionService({
      chat,
      links: { request: () => undefined },
      logger: captureLogger().logger
    })
    const app = Object.assign(new FakeEmitter(), { setAppUserModelId: vi.fn() })
    const context = {
      services: { attention },
      window: { current: () => null, focusWindow: async () => ({}) as never },
      tray: { setTooltip: () => undefined },
      logger: captureLogger().logger
    }
    setupAttention({ app: app as never }, { ...context, platform: 'linux' }).dispose()
    expect(app.setAppUserModelId).not.toHaveBeenCalled()
    setupAttention({ app: app as never }, { ...context, platform: 'win32' }).dispose()
    expect(app.setAppUserModelId).toHaveBeenCalledWith(APP_USER_MODEL_ID)
    // The installer's id (electron-builder.yml): Windows matches the two.
    const builder = readFileSync(join(process.cwd(), 'electron-builder.yml'), 'utf8')
    expect(/^appId: (.+)$/m.exec(builder)?.[1]).toBe(APP_USER_MODEL_ID)
    attention.dispose()
  })

  it('no notification where the system has none; no badge call where the app has none', () => {
    const { Notification } = createFakeDesktop({})
    Notification.isSupported.mockReturnValue(false)
    const window = new FakeWindow()
    const desktop = createDesktopAttention(
      { Notification: Notification as never },
      { window: () => window, showMain: async () => undefined, trayTooltip: () => undefined }
    )
    desktop.notify({ title: 't', body: 'b', conversationId: CHAT }, () => undefined)
    expect(Notification.instances).toHaveLength(0)
    desktop.showWaiting({ chats: 2, title: 'Cairn — 2 chats', label: '2 chats' })
    expect(window.title).toBe('Cairn — 2 chats')
    // Focus counts only for a window that is shown.
    window.visible = false
    expect(desktop.isFocused()).toBe(false)
    window.destroyed = true
    expect(desktop.isFocused()).toBe(false)
  })
})

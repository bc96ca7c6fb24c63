import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeElectron, fakeEvent, type FakeElectron } from './electron-mock'
import type { FakeTray } from './electron-mock-desktop'

/*
 * The desktop citizen parts of the lifecycle (cairn:// links, the single-instance handoff, the
 * tray, local crash reports), run by importing src/main/index.ts against the fake electron with the
 * real services in a temp user-data folder, as index.test.ts does.
 */

const ID = 'c0ffee00-1234-4abc-8def-0123456789ab'
let dir: string
let userData: string
let fake: FakeElectron

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-desktop-'))
  userData = join(dir, 'user-data')
  vi.resetModules()
  vi.stubEnv('CAIRN_USER_DATA_DIR', userData)
  vi.stubEnv('ELECTRON_RENDERER_URL', undefined)
})

afterEach(async () => {
  // Quit as Electron would, so the services stop before their folder goes.
  for (let attempt = 0; attempt < 5 && fake; attempt++) {
    const quits = fake.app.quit.mock.calls.length
    const event = fakeEvent()
    fake.app.emit('will-quit', event)
    if (event.preventDefault.mock.calls.length === 0) break
    await vi.waitFor(() => expect(fake.app.quit.mock.calls.length).toBeGreaterThan(quits))
  }
  vi.doUnmock('electron')
  vi.unstubAllEnvs()
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
})

async function boot(
  options: Parameters<typeof createFakeElectron>[0] = {},
  before: (fake: FakeElectron) => void = () => undefined
): Promise<void> {
  fake = createFakeElectron(options)
  before(fake)
  vi.doMock('electron', () => fake.module)
  await (
    await import('../index')
  ).running
  expect(fake.app.exit).not.toHaveBeenCalled()
}

const PAGE = { url: 'app://cairn/index.html' }
const invoke = (channel: string, input?: unknown) => fake.ipcMain.invoke(channel, input, PAGE)

async function takeLinks(): Promise<unknown[]> {
  const answer = (await invoke('app:take-links')) as { ok: true; data: { links: unknown[] } }
  expect(answer.ok).toBe(true)
  return answer.data.links
}

function window() {
  const open = fake.BrowserWindow.getAllWindows()
  expect(open).toHaveLength(1)
  return open[0] as NonNullable<(typeof open)[0]>
}

describe('cairn:// links and the single-instance handoff', () => {
  it('a packaged build registers itself as the cairn:// handler', async () => {
    await boot({ isPackaged: true })
    expect(fake.app.protocolClients).toEqual(['cairn'])
  })

  it('a development run does not (it would point the OS at the bare Electron binary)', async () => {
    await boot({ isPackaged: false })
    expect(fake.app.protocolClients).toEqual([])
  })

  it('a link on the first launch waits in main until the page takes it, once', async () => {
    const argv = process.argv
    process.argv = [...argv, `cairn://conversation/${ID}`]
    try {
      await boot()
    } finally {
      process.argv = argv
    }
    expect(await takeLinks()).toEqual([
      { origin: 'link', link: { kind: 'conversation', conversationId: ID } }
    ])
    expect(await takeLinks()).toEqual([])
  })

  it('a second launch hands over its link: the window is focused and told a link waits', async () => {
    await boot()
    const main = window()
    main.minimize()
    fake.app.emit(
      'second-instance',
      fakeEvent(),
      ['/opt/Cairn/cairn', 'cairn://new?text=Plan+my+week'],
      '/'
    )
    await vi.waitFor(() => expect(main.calls).toContain('focus'))
    expect(main.minimized).toBe(false)
    expect(main.webContents.sent).toContainEqual({
      channel: 'app:links-waiting',
      payload: { count: 1 }
    })
    expect(await takeLinks()).toEqual([
      { origin: 'link', link: { kind: 'new-chat', text: 'Plan my week' } }
    ])
    // Nothing was created by the link itself: the page asks the user first.
    const list = (await invoke('chat:list-conversations')) as {
      data: { conversations: unknown[] }
    }
    expect(list.data.conversations).toEqual([])
  })

  it('a second launch without a link only focuses; a hostile link is queued as refused', async () => {
    await boot()
    fake.app.emit('second-instance', fakeEvent(), ['/opt/Cairn/cairn', '--no-sandbox'], '/')
    await vi.waitFor(() => expect(window().calls).toContain('focus'))
    expect(await takeLinks()).toEqual([])
    fake.app.emit('second-instance', fakeEvent(), ['cairn', 'cairn://memory/../../etc/passwd'], '/')
    expect(await takeLinks()).toEqual([
      {
        origin: 'link',
        link: expect.objectContaining({
          kind: 'unknown',
          reason: expect.stringMatching(/steps out/)
        })
      }
    ])
  })

  it('macOS open-url before the app is ready is kept, and after it focuses the window', async () => {
    await boot({}, (early) => {
      early.app.whenReady.mockImplementation(async () => {
        const event = fakeEvent()
        early.app.emit('open-url', event, 'cairn://memory/notes/a.md')
        expect(event.preventDefault).toHaveBeenCalled()
      })
    })
    expect(await takeLinks()).toEqual([
      { origin: 'link', link: { kind: 'memory', path: '/memories/notes/a.md' } }
    ])
    const main = window()
    fake.app.emit('open-url', fakeEvent(), `cairn://conversation/${ID}`)
    await vi.waitFor(() => expect(main.calls).toContain('focus'))
    expect(await takeLinks()).toHaveLength(1)
  })
})

describe('the tray', () => {
  function trays(): FakeTray[] {
    return (fake.module.Tray as unknown as { instances: FakeTray[] }).instances
  }
  const liveTray = (): FakeTray => {
    const live = trays().filter((tray) => !tray.destroyed)
    expect(live).toHaveLength(1)
    return live[0] as FakeTray
  }

  it('on Linux it is off by default: no icon, and closing the window quits', async () => {
    await boot()
    expect(trays()).toHaveLength(0)
    window().close()
    expect(fake.app.quit).toHaveBeenCalledTimes(1)
  })

  it('with "keep running in the tray" on, closing the window leaves Cairn running in the tray', async () => {
    await boot()
    expect(await invoke('settings:update', { keepInTray: true })).toMatchObject({ ok: true })
    const tray = liveTray()
    expect(tray.image).toMatch(/build[/\\]icons[/\\]\d+x\d+\.png$/)
    expect(tray.menu?.items.map((item) => item.label ?? item.type)).toEqual([
      'Open Cairn',
      'separator',
      'New chat',
      'Quick ask…',
      'separator',
      'Open memory folder',
      'Pause memory for new chats',
      'separator',
      'Quit Cairn'
    ])
    window().close()
    expect(fake.app.quit).not.toHaveBeenCalled()
    // "Open Cairn" brings a new window back.
    tray.click('open-window')
    await vi.waitFor(() => expect(fake.BrowserWindow.getAllWindows()).toHaveLength(1))
    await vi.waitFor(() => expect(window().calls).toContain('focus'))
    // "Quick ask…" opens the quick-ask window (the page on #quick-ask), on top.
    tray.click('quick-ask')
    await vi.waitFor(() =>
      expect(
        fake.BrowserWindow.getAllWindows().some((open) =>
          JSON.stringify(open.loaded).includes('quick-ask')
        )
      ).toBe(true)
    )
  })

  it('menu actions: new chat asks the page, pause memory flips the setting, quit quits', async () => {
    await boot()
    await invoke('settings:update', { keepInTray: true })
    liveTray().click('new-chat')
    expect(await takeLinks()).toEqual([{ origin: 'app', link: { kind: 'new-chat', text: '' } }])

    liveTray().click('pause-memory')
    await vi.waitFor(async () =>
      expect(await invoke('settings:get')).toMatchObject({
        data: { settings: { newChatMemory: 'off' } }
      })
    )
    // The menu is rebuilt from the settings: the item is now checked.
    const pause = liveTray().menu?.items.find((item) => item.id === 'pause-memory')
    expect(pause).toMatchObject({ type: 'checkbox', checked: true })

    liveTray().click('open-memory-folder')
    await vi.waitFor(() =>
      expect(fake.shell.openPath).toHaveBeenCalledWith(join(userData, 'memories'))
    )
    liveTray().click('quit')
    expect(fake.app.quit).toHaveBeenCalledTimes(1)
  })

  it('turning the setting off removes the icon, and closing the window quits again', async () => {
    await boot()
    await invoke('settings:update', { keepInTray: true })
    const tray = liveTray()
    await invoke('settings:update', { keepInTray: false })
    expect(tray.destroyed).toBe(true)
    window().close()
    expect(fake.app.quit).toHaveBeenCalledTimes(1)
  })

  it('a desktop without a tray: the setting cannot strand the app, closing quits', async () => {
    await boot({ trayFails: true })
    expect(await invoke('settings:update', { keepInTray: true })).toMatchObject({ ok: true })
    window().close()
    expect(fake.app.quit).toHaveBeenCalledTimes(1)
  })
})

describe('crash reports stay local', () => {
  it('starts the crash reporter without uploads, dumps in the logs folder, set before start', async () => {
    await boot()
    const dumps = join(userData, 'logs', 'crash-dumps')
    expect(fake.app.setPath).toHaveBeenCalledWith('crashDumps', dumps)
    expect(fake.crashReporter.start).toHaveBeenCalledWith({ uploadToServer: false })
    const start = fake.crashReporter.start.mock.calls[0]?.[0] ?? {}
    expect(start).not.toHaveProperty('submitURL')
    const setPathCall = fake.app.setPath.mock.calls.findIndex(([name]) => name === 'crashDumps')
    expect(fake.app.setPath.mock.invocationCallOrder[setPathCall]).toBeLessThan(
      fake.crashReporter.start.mock.invocationCallOrder[0] ?? 0
    )
    expect(fake.crashReporter.start.mock.invocationCallOrder[0]).toBeLessThan(
      fake.app.whenReady.mock.invocationCallOrder[0] ?? 0
    )
  })

  it('app:crash-report summarises the dumps found there', async () => {
    await boot()
    expect(await invoke('app:crash-report')).toMatchObject({
      ok: true,
      data: { count: 0, text: expect.stringContaining('No crash reports') }
    })
    const completed = join(userData, 'logs', 'crash-dumps', 'completed')
    await mkdir(completed, { recursive: true })
    await writeFile(join(completed, 'abc.dmp'), Buffer.alloc(2048, 1))
    const answer = (await invoke('app:crash-report')) as { data: { count: number; text: string } }
    expect(answer.data.count).toBe(1)
    expect(answer.data.text).toContain(join('completed', 'abc.dmp'))
    expect(answer.data.text).toContain('0.0.0-test')
  })
})

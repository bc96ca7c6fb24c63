import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  _electron,
  expect,
  test as base,
  type ElectronApplication,
  type Page
} from '@playwright/test'
import { heldTimers, type HeldTimers } from '../../src/main/services/background-timers'
import { KEYCHAIN_ACCOUNT } from '../../src/main/services/secrets/secrets-service'
import { guardKeychain, type Keychain } from '../../src/main/services/secrets/keychain'
import { probeOsKeychain } from '../../src/main/services/secrets/__tests__/keychain-probe'
import { createOsKeychain } from '../../src/main/services/secrets/os-keychain'
import { startFakeAnthropic, type FakeAnthropic } from '../fake-anthropic'
import { PAGE_BRIDGE_FILE } from '../harness/build-page-bridge'
import { pageEventSender } from '../harness/page-events'
import { startMainSide, type IpcRecord, type MainSide } from '../harness/main-side'
import type { AttentionNote } from '../../src/main/services/attention/attention-service'
import { serveDirectory } from '../harness/static-server'
import { createUpdateFeed, type UpdateFeed } from '../harness/update-feed'
import { findElectron, isCI, repoRoot } from './environment'
import { watchCsp } from './page-checks'

/** One running Cairn, whichever way it was started; specs only talk to this and the page objects. */
export interface CairnApp {
  readonly page: Page
  readonly userDataDir: string
  readonly keychainService: string
  /** Where Import from Claude Desktop reads: a file in the test's temp folder (absent until written). */
  readonly claudeDesktopConfig: string
  /** What the OS keychain holds for Cairn's API key entry (read directly, not through the app). */
  readKeychain(): Promise<string | null>
  /** Main-process log text. */
  logText(): Promise<string>
  /** Every IPC answer and event main sent to the page (browser harness only; Electron: empty). */
  ipcRecords(): IpcRecord[]
  /** The text Cairn last put on the system clipboard (null if none). */
  copiedText(): Promise<string | null>
  /** Links Cairn handed to the OS browser, oldest first (recorded, never really opened). */
  openedLinks(): Promise<string[]>
  /**
   * Files saved through the OS save dialog, oldest first. The dialog is answered without showing:
   * <userData>/exports/<the suggested name>.
   */
  savedFiles(): Promise<string[]>
  /**
   * The next OS open dialog answers these paths, as if picked: the composer's file button, or the
   * folder dialog of "New project from a folder" (its first path; pick a folder in the test's temp).
   */
  answerOpenDialog(paths: string[]): Promise<void>
  /**
   * A cairn:// link handed to the running app, as the OS does (Electron: macOS's open-url event,
   * which main listens for on every platform; browser harness: main's link inbox).
   */
  openLink(url: string): Promise<void>
  /** Quits and starts again on the same user-data folder. */
  restart(): Promise<void>
  /** The fake Anthropic API chat talks to (Electron: through CAIRN_ANTHROPIC_BASE_URL). */
  readonly anthropic: FakeAnthropic | null
  /**
   * The quick-ask window: the same page on #quick-ask, a second page beside the main one, on the
   * same main side (browser harness only; the Electron run skips).
   */
  openQuickAsk(): Promise<Page>
  /** Quick ask's Electron side as the harness records it (browser harness only). */
  quickAskSide(): {
    windowRequests: string[]
    shortcutsHeld: Set<string>
    takenShortcuts: Set<string>
  }
  /**
   * Browser harness only: approvals waiting as the desktop shows them (the icon's count, the
   * window title, notifications) and the window's focus as main sees it.
   */
  attention(): AttentionSide
  /**
   * Browser harness only: the test update feed behind the real updates service (connected when a
   * spec asks for `updateFeed: true`; Electron: null, its build is unpackaged and updates are off).
   */
  readonly updates: UpdateFeed | null
  /**
   * Browser harness only: the app's timers (src/main/services/background-timers.ts). The update
   * check after start, sync's periodic rounds and retries and the memory sweep are held, so none
   * fires into a test; a spec fires one with `fire(job)`. A sync round soon after a change and a
   * chat retry's countdown run on the clock unless a spec holds them (`hold(job)`). Electron: null.
   */
  readonly background: HeldTimers | null
}

export interface AttentionSide {
  waiting(): number
  title(): string
  notifications(): AttentionNote[]
  /** Clicks a notification, as the user would in the system's notification area. */
  clickNotification(index: number): Promise<void>
  setWindowFocused(focused: boolean): void
  windowRequests(): string[]
}

const keychain = createOsKeychain()

/** A machine without any keychain service (e.g. Linux with no Secret Service running). */
const missingKeychain = guardKeychain({
  getPassword: () => Promise.reject(new Error("Couldn't access platform storage")),
  setPassword: () => Promise.reject(new Error("Couldn't access platform storage")),
  deletePassword: () => Promise.reject(new Error("Couldn't access platform storage"))
})

/** Browser harness: the built renderer in Chromium, window.cairn over a binding to the real main side. */
async function startInBrowser(
  page: Page,
  userDataDir: string,
  keychainService: string,
  appKeychain: Keychain,
  anthropic: FakeAnthropic,
  updateFeed: UpdateFeed | null,
  claudeDesktopConfig: string
) {
  const server = await serveDirectory(join(repoRoot, 'out', 'renderer'))
  // A round soon after a local change and a chat retry's countdown run on the clock, as in the app.
  const background = heldTimers({ onClock: ['sync-round', 'chat-retry'] })
  let main: MainSide | null = null
  const records: IpcRecord[] = []
  const picks: string[][] = []

  const pages: Page[] = [page]
  const sendEvent = pageEventSender()
  const bridge = async (target: Page): Promise<void> => {
    await target.exposeBinding(
      '__cairnInvoke',
      async (source, channel: unknown, input: unknown) => {
        if (!main) throw new Error('main side is not running')
        return main.invoke(channel, input, {
          url: source.frame.url(),
          isTopLevel: source.frame === source.page.mainFrame()
        })
      }
    )
    await target.addInitScript({ path: PAGE_BRIDGE_FILE })
  }
  await bridge(page)

  const boot = async (): Promise<void> => {
    main = await startMainSide({
      userDataDir,
      rendererUrl: server.url,
      keychain: appKeychain,
      keychainService,
      anthropic: { baseURL: anthropic.url },
      pickFiles: async () => picks.shift() ?? [],
      background,
      claudeDesktopConfig,
      ...(updateFeed ? { updateFeed } : {})
    })
    main.setEventSink((event, payload) => {
      // Like webContents.send to every window: fire and forget; a reloading page just misses it.
      for (const target of pages) sendEvent(target, event, payload)
    })
    await page.goto(server.url)
    // As main does once the window has loaded (src/main/index.ts).
    void main.services.mcp.start()
  }
  await boot()
  return {
    background,
    logText: async () => main?.logLines.join('\n') ?? '',
    ipcRecords: () => [...records, ...(main?.ipc ?? [])],
    copiedText: async () => main?.clipboard.at(-1) ?? null,
    openedLinks: async () => [...(main?.openedLinks ?? [])],
    savedFiles: async () => [...(main?.savedPaths ?? [])],
    answerOpenDialog: async (paths: string[]) => void picks.push(paths),
    async openQuickAsk() {
      const quick = await page.context().newPage()
      await bridge(quick)
      pages.push(quick)
      await quick.goto(`${server.url}#quick-ask`)
      return quick
    },
    quickAskSide() {
      if (!main) throw new Error('main side is not running')
      return {
        windowRequests: main.windowRequests,
        shortcutsHeld: main.shortcutsHeld,
        takenShortcuts: main.takenShortcuts
      }
    },
    attention(): AttentionSide {
      const side = () => {
        if (!main) throw new Error('main side is not running')
        return main
      }
      return {
        waiting: () => side().attention.waiting,
        title: () => side().attention.title,
        notifications: () => side().attention.notifications.map((n) => n.note),
        clickNotification: async (index) => side().attention.notifications[index]!.click(),
        setWindowFocused: (focused) => void (side().attention.focused = focused),
        windowRequests: () => [...side().windowRequests]
      }
    },
    openLink: async (url: string) => void main?.services.links.receive(url),
    async restart() {
      records.push(...(main?.ipc ?? []))
      await main?.dispose()
      await boot()
    },
    async close() {
      await main?.dispose()
      await server.close()
    }
  }
}

/** Real Electron: the built app through _electron.launch, with its own user-data folder. */
async function startInElectron(
  executablePath: string,
  userDataDir: string,
  keychainService: string,
  extraEnv: Record<string, string>
) {
  let app: ElectronApplication
  let page: Page
  const launch = async (): Promise<void> => {
    app = await _electron.launch({
      executablePath,
      args: [repoRoot],
      env: {
        ...process.env,
        CAIRN_USER_DATA_DIR: userDataDir,
        CAIRN_KEYCHAIN_SERVICE: keychainService,
        ANTHROPIC_API_KEY: '',
        ...extraEnv
      }
    })
    page = await app.firstWindow()
    // Record links instead of opening a real browser (main calls shell.openExternal at click time).
    await app.evaluate(({ shell }) => {
      const opened: string[] = []
      ;(globalThis as unknown as { __cairnOpenedLinks: string[] }).__cairnOpenedLinks = opened
      shell.openExternal = async (url: string) => void opened.push(url)
    })
    // Answer the save dialog without showing it: <userData>/exports/<suggested name>.
    await app.evaluate(
      ({ dialog }, exportsDir) => {
        const saved: string[] = []
        ;(globalThis as unknown as { __cairnSaved: string[] }).__cairnSaved = saved
        const fs = process.getBuiltinModule('node:fs')
        const path = process.getBuiltinModule('node:path')
        dialog.showSaveDialog = (async (...args: unknown[]) => {
          const options = args.at(-1) as { defaultPath?: string }
          fs.mkdirSync(exportsDir, { recursive: true })
          const filePath = path.join(exportsDir, path.basename(options.defaultPath ?? 'export'))
          saved.push(filePath)
          return { canceled: false, filePath }
        }) as typeof dialog.showSaveDialog
      },
      join(userDataDir, 'exports')
    )
  }
  await launch()
  return {
    page: () => page,
    logText: () => readFile(join(userDataDir, 'logs', 'main.log'), 'utf8').catch(() => ''),
    ipcRecords: () => [],
    copiedText: async () => (await app.evaluate(({ clipboard }) => clipboard.readText())) || null,
    savedFiles: () =>
      app.evaluate(() => [
        ...((globalThis as unknown as { __cairnSaved?: string[] }).__cairnSaved ?? [])
      ]),
    openedLinks: () =>
      app.evaluate(() => [
        ...((globalThis as unknown as { __cairnOpenedLinks?: string[] }).__cairnOpenedLinks ?? [])
      ]),
    // The real dialog would wait for a person: it answers the given paths once instead.
    answerOpenDialog: (paths: string[]) =>
      app.evaluate(({ dialog }, picked) => {
        const original = dialog.showOpenDialog.bind(dialog)
        dialog.showOpenDialog = (async () => {
          dialog.showOpenDialog = original
          return { canceled: false, filePaths: picked }
        }) as typeof dialog.showOpenDialog
      }, paths),
    openLink: (url: string) =>
      app.evaluate(({ app: electronApp }, link) => {
        electronApp.emit('open-url', { preventDefault: () => undefined }, link)
      }, url),
    async restart() {
      await app.close()
      await launch()
    },
    close: () => app.close()
  }
}

export const test = base.extend<{
  cairn: CairnApp
  /** Connect a test update feed (browser harness) instead of leaving updates off. */
  updateFeed: boolean
  keychainMode: 'os' | 'missing'
  /** The one key the fake Anthropic API accepts (any key when unset); others get a 401. */
  anthropicKey: string | undefined
}>({
  keychainMode: ['os', { option: true }],
  anthropicKey: [undefined, { option: true }],
  updateFeed: [false, { option: true }],
  cairn: async ({ page, keychainMode, anthropicKey, updateFeed }, use, testInfo) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'cairn-e2e-'))
    const keychainService = `Cairn-e2e-${randomUUID()}`
    const elsewhere = await mkdtemp(join(tmpdir(), 'cairn-e2e-elsewhere-'))
    const common = {
      userDataDir,
      keychainService,
      claudeDesktopConfig: join(elsewhere, 'Claude', 'claude_desktop_config.json'),
      readKeychain: () => keychain.getPassword(keychainService, KEYCHAIN_ACCOUNT)
    }
    let app: CairnApp
    let close: () => Promise<void>
    let cspViolations: () => Promise<string[]> = () => Promise.resolve([])
    if (testInfo.project.name === 'electron') {
      const electron = findElectron()
      if (!('path' in electron)) throw new Error(`electron project selected but ${electron.reason}`)
      if (keychainMode === 'missing' && process.platform !== 'linux') {
        test.skip(
          true,
          'a missing keychain can only be simulated on Linux (no Secret Service on the bus)'
        )
      }
      // With no session bus there is no Secret Service: the real "no keychain" condition on Linux.
      const extraEnv: Record<string, string> =
        keychainMode === 'missing'
          ? { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/cairn-no-bus' }
          : {}
      const anthropic = await startFakeAnthropic(anthropicKey ? { apiKey: anthropicKey } : {})
      extraEnv.CAIRN_ANTHROPIC_BASE_URL = anthropic.url
      extraEnv.CAIRN_CLAUDE_DESKTOP_CONFIG = common.claudeDesktopConfig
      const running = await startInElectron(electron.path, userDataDir, keychainService, extraEnv)
      app = {
        ...common,
        anthropic,
        updates: null,
        background: null,
        get page() {
          return running.page()
        },
        logText: running.logText,
        ipcRecords: running.ipcRecords,
        copiedText: running.copiedText,
        openedLinks: running.openedLinks,
        savedFiles: running.savedFiles,
        answerOpenDialog: running.answerOpenDialog,
        openLink: running.openLink,
        restart: running.restart,
        openQuickAsk: () => {
          test.skip(true, 'the quick-ask window is opened by the global shortcut in Electron')
          throw new Error('skipped')
        },
        quickAskSide: () => {
          test.skip(true, 'quick ask is recorded by the browser harness only')
          throw new Error('skipped')
        },
        attention: () => {
          test.skip(true, 'the badge and notifications are recorded by the browser harness only')
          throw new Error('skipped')
        }
      }
      close = async () => {
        await running.close()
        await anthropic.close()
      }
    } else {
      cspViolations = await watchCsp(page)
      const anthropic = await startFakeAnthropic(anthropicKey ? { apiKey: anthropicKey } : {})
      const updates = updateFeed ? createUpdateFeed() : null
      const running = await startInBrowser(
        page,
        userDataDir,
        keychainService,
        keychainMode === 'missing' ? missingKeychain : keychain,
        anthropic,
        updates,
        common.claudeDesktopConfig
      )
      app = { ...common, page, anthropic, updates, ...running }
      close = async () => {
        await running.close()
        await anthropic.close()
      }
    }
    try {
      await use(app)
      // The strict policy is part of the product: anything it blocked is a bug, not noise.
      expect(await cspViolations(), 'Content-Security-Policy violations').toEqual([])
    } finally {
      await close()
      await keychain.deletePassword(keychainService, KEYCHAIN_ACCOUNT).catch(() => undefined)
      await rm(userDataDir, { recursive: true, force: true })
      await rm(elsewhere, { recursive: true, force: true })
    }
  }
})

/** Tests that need the OS keychain: a failure under CI=true, a one-line skip elsewhere. */
export async function requireKeychain(): Promise<void> {
  const probe = await probeOsKeychain()
  if (probe.ok) return
  const reason = `no OS keychain that takes writes (${probe.reason}): run under scripts/with-keyring.sh`
  if (isCI) throw new Error(`CI=true but ${reason}`)
  test.skip(true, reason)
}

export { expect } from '@playwright/test'

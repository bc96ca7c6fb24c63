import { join } from 'node:path'
import type { EventName } from '@shared/contract'
import { checkedEmitter, wireEvents } from '../../src/main/ipc/events'
import { createHandlers } from '../../src/main/ipc/handlers'
import { createIpcRegistry, type IpcRegistry, type SenderInfo } from '../../src/main/ipc/registry'
import { trustedUrlCheck } from '../../src/main/ipc/trusted-url'
import { createServices, type Services } from '../../src/main/services'
import type { HeldTimers } from '../../src/main/services/background-timers'
import type { AnthropicOptions } from '../../src/main/services/chat'
import { ensurePrivateDir } from '../../src/main/services/fs/durable'
import { createLogger } from '../../src/main/services/log/logger'
import type { AttentionNote } from '../../src/main/services/attention/attention-service'
import type { Keychain } from '../../src/main/services/secrets/keychain'
import type { UpdateFeed } from './update-feed'

/** One IPC exchange as the harness saw it: what the page sent and what main answered or pushed. */
export interface IpcRecord {
  direction: 'invoke' | 'event'
  channel: string
  input?: unknown
  output: unknown
}

export interface MainSide {
  registry: IpcRegistry
  services: Services
  /** Every log line main wrote (also in <userData>/logs/main.log). */
  logLines: string[]
  ipc: IpcRecord[]
  /** Folders the app asked the OS file manager to open. */
  openedFolders: string[]
  /** Texts the app put on the clipboard, oldest first. */
  clipboard: string[]
  /** Links the app handed to the OS browser (shell.openExternal), oldest first. */
  openedLinks: string[]
  /**
   * Paths the save dialog answered, oldest first. The dialog "chooses" <userData>/exports/<the
   * suggested name>, or cancels while `cancelSaves` is set.
   */
  savedPaths: string[]
  cancelSaves: boolean
  /**
   * Quick ask's Electron side, recorded: the shortcuts held (other apps hold `takenShortcuts`),
   * and what the window requests did ("show main", "hide quick ask"), oldest first.
   */
  shortcutsHeld: Set<string>
  takenShortcuts: Set<string>
  windowRequests: string[]
  /**
   * Approvals waiting, as the desktop would show them: the count (icon, tray), the window title,
   * the notifications (each with its click) and whether the window counts as focused.
   */
  attention: {
    focused: boolean
    waiting: number
    title: string
    notifications: Array<{ note: AttentionNote; click(): void }>
  }
  invoke(channel: unknown, input: unknown, sender: SenderInfo): Promise<unknown>
  /** Main→renderer events are handed to this; the harness forwards them into the page. */
  setEventSink(sink: (event: EventName, payload: unknown) => void): void
  dispose(): Promise<void>
}

/**
 * The main process minus Electron: the real services, the real registry and the real event wiring,
 * running in the test process. The OS file manager, clipboard and browser are recorded instead.
 */
export async function startMainSide(options: {
  userDataDir: string
  rendererUrl: string
  keychain: Keychain
  keychainService: string
  /** Point chat at the fake Anthropic API (e2e/fake-anthropic): `{ baseURL: fake.url }`. */
  anthropic?: AnthropicOptions
  /** The OS open dialog (attachments): what the test says the user picked; cancelled otherwise. */
  pickFiles?: () => Promise<string[]>
  /**
   * The OS folder dialog ("New project from a folder"); default: the first path `pickFiles`
   * answers, as Electron's one open dialog answers both (so `answerOpenDialog([folder])` works).
   */
  pickFolder?: () => Promise<string | null>
  /** A test update feed in place of electron-updater; without it updates stay "development build". */
  updateFeed?: UpdateFeed
  /** The background jobs' timers, held for the test (update checks, sync retries, sweeps). */
  background: HeldTimers
  /** The Claude Desktop config Import reads (the test's own file, never the real one). */
  claudeDesktopConfig: string
}): Promise<MainSide> {
  const logLines: string[] = []
  const ipc: IpcRecord[] = []
  const openedFolders: string[] = []
  const clipboard: string[] = []
  const openedLinks: string[] = []
  const savedPaths: string[] = []
  const shortcutsHeld = new Set<string>()
  const takenShortcuts = new Set<string>()
  const windowRequests: string[] = []
  const exportsDir = join(options.userDataDir, 'exports')
  await ensurePrivateDir(join(options.userDataDir, 'logs'))
  const logger = createLogger({
    file: join(options.userDataDir, 'logs', 'main.log'),
    sink: (line) => logLines.push(line)
  })
  const services = await createServices({
    userDataDir: options.userDataDir,
    keychain: options.keychain,
    keychainService: options.keychainService,
    openPath: async (path) => {
      openedFolders.push(path)
      return ''
    },
    // The page's clipboard, as far as Cairn is concerned: what it asked main to copy.
    writeClipboard: (text) => void clipboard.push(text),
    openExternal: async (url) => void openedLinks.push(url),
    chooseSavePath: async ({ defaultName }) => {
      if (side.cancelSaves) return null
      await ensurePrivateDir(exportsDir)
      const path = join(exportsDir, defaultName)
      savedPaths.push(path)
      return path
    },
    pickFiles: options.pickFiles ?? (async () => []),
    pickFolder:
      options.pickFolder ??
      (async () => (options.pickFiles ? await options.pickFiles() : [])[0] ?? null),
    logger,
    env: {},
    app: { name: 'Cairn', version: 'test', platform: process.platform, electronVersion: null },
    background: options.background,
    claudeDesktopConfig: options.claudeDesktopConfig,
    ...(options.anthropic ? { anthropic: options.anthropic } : {})
  })
  services.shortcut.attach(
    {
      register: (accelerator) => {
        if (takenShortcuts.has(accelerator) || shortcutsHeld.has(accelerator)) return false
        shortcutsHeld.add(accelerator)
        return true
      },
      unregister: (accelerator) => void shortcutsHeld.delete(accelerator)
    },
    () => undefined
  )
  services.quickAsk.attach({
    showMain: async () => void windowRequests.push('show main'),
    hideQuickAsk: () => (windowRequests.push('hide quick ask'), true)
  })
  const attention: MainSide['attention'] = {
    focused: true,
    waiting: 0,
    title: 'Cairn',
    notifications: []
  }
  services.attention.attach({
    showWaiting: ({ chats, title }) => {
      attention.waiting = chats
      attention.title = title
    },
    isFocused: () => attention.focused,
    notify: (note, click) => void attention.notifications.push({ note, click }),
    showMain: async () => void windowRequests.push('show main')
  })
  const registry = createIpcRegistry({
    handlers: createHandlers(services),
    isTrustedUrl: trustedUrlCheck({ kind: 'url', url: options.rendererUrl }),
    logger
  })
  if (options.updateFeed) services.updates.connect(options.updateFeed.port)
  let sink: (event: EventName, payload: unknown) => void = () => undefined
  const unwire = wireEvents(
    services,
    checkedEmitter((event, payload) => {
      ipc.push({ direction: 'event', channel: event, output: payload })
      sink(event, payload)
    })
  )
  const side: MainSide = {
    registry,
    services,
    logLines,
    ipc,
    openedFolders,
    clipboard,
    openedLinks,
    savedPaths,
    cancelSaves: false,
    shortcutsHeld,
    takenShortcuts,
    windowRequests,
    attention,
    async invoke(channel, input, sender) {
      const output = await registry.handle(channel, input, sender)
      ipc.push({ direction: 'invoke', channel: String(channel), input, output })
      return output
    },
    setEventSink: (next) => (sink = next),
    async dispose() {
      unwire()
      await services.dispose()
    }
  }
  return side
}

import { release } from 'node:os'
import { join } from 'node:path'
import type { AppInfo } from '@shared/contract'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import {
  createAppService,
  type OpenExternal,
  type OpenPath,
  type WriteClipboard
} from './app/app-service'
import { createDiagnostics } from './app/diagnostics'
import { clockTimers, memoryTimers, retryWait, type BackgroundTimers } from './background-timers'
import { crashReportsIn } from './app/crash-report'
import { createLinkInbox } from './app/link-inbox'
import { createAttentionService } from './attention/attention-service'
import {
  createAnthropicClients,
  createChatService,
  type AnthropicOptions,
  type ChooseSavePath,
  type PickFiles
} from './chat'
import {
  MEMORY_FOLDER_NAME,
  MEMORY_STATE_FOLDER_NAME,
  SPACES_STATE_FOLDER_NAME,
  startMemorySpaces
} from './memory-spaces'
import { ensurePrivateDir } from './fs/durable'
import type { Logger } from './log/logger'
import { readLogTail } from './log/rotating-file'
import type { Keychain } from './secrets/keychain'
import { createSecretsService, KEYCHAIN_SERVICE } from './secrets/secrets-service'
import { createQuickAskService } from './quick-ask/quick-ask-service'
import { createShortcutService } from './quick-ask/shortcut-service'
import { createSettingsStore } from './settings/settings-store'
import { createSyncPerSpace, SYNC_STATE_FOLDER_NAME } from './sync'
import { createBackupsPerSpace, type ChooseOpenFile } from './backup'
import { createForgetPerSpace } from './forget'
import { createUpdatesService } from './updates'
import { createWindowStateStore } from './window-state/window-state-store'
import { createMcp } from './mcp'
import { createProjectCalls, createProjectsStore, type PickFolder } from './projects'
import { createTidyService } from './tidy/tidy-service'
import { createTidySuggester } from './tidy/suggest'
import { createTidyBatches } from './tidy/batch/desk'

export interface ServiceDeps {
  userDataDir: string
  keychain: Keychain
  /** Keychain service name (tests pass their own). */
  keychainService?: string
  openPath: OpenPath
  /** The system clipboard (main's clipboard.writeText); without it, copying answers an error. */
  writeClipboard?: WriteClipboard
  /** The OS browser (main's shell.openExternal); without it, links answer an error. */
  openExternal?: OpenExternal
  /** The OS save dialog (main's dialog.showSaveDialog); without it, exports answer an error. */
  chooseSavePath?: ChooseSavePath
  logger: Logger
  env: Record<string, string | undefined>
  app: Pick<AppInfo, 'name' | 'version' | 'platform' | 'electronVersion'>
  /** For app:diagnostics; the defaults suit tests (log in <userData>/logs, nothing redacted twice). */
  diagnostics?: {
    logsDir: string
    packaged: boolean
    versions: Record<string, string | undefined>
    scrub: (text: string) => string
  }
  /** The OS open dialog for attachments (main's dialog.showOpenDialog); tests pass their own. */
  pickFiles?: PickFiles
  /** The OS folder dialog ("New project from a folder"); without it, picking a folder answers an error. */
  pickFolder?: PickFolder
  /** The OS open dialog for one file (Import memory); without it, the first file `pickFiles` answers. */
  chooseOpenFile?: ChooseOpenFile
  /** Where the chat service sends requests (tests: the fake server); else api.anthropic.com. */
  anthropic?: AnthropicOptions
  /**
   * Start without the memory engine (the user chose it after the folder could not be opened):
   * chat works without the memory tool and memory:* calls answer MEMORY_OFF with this reason.
   */
  memoryOff?: { reason: string }
  /** This computer's name (platform code reads the OS host name): sync names kept copies after it. */
  deviceName?: string
  /** Update checks, sync rounds and retries, memory sweeps, chat retries (e2e: the test's). */
  background?: BackgroundTimers
  /**
   * Claude Desktop's `claude_desktop_config.json`, read by Import from Claude Desktop (tests: a
   * file of their own); default: where Claude Desktop keeps it on this system.
   */
  claudeDesktopConfig?: string
}

export { MEMORY_FOLDER_NAME, MEMORY_STATE_FOLDER_NAME, SYNC_STATE_FOLDER_NAME }
/** Tidy sessions' overlay copies of a memory folder (private, emptied at each start). */
export const TIDY_SCRATCH_FOLDER_NAME = 'tidy-scratch'
/** Where a tidy batch's answer is planned (an overlay copy while it is planned, then none). */
export const TIDY_BATCH_SCRATCH_FOLDER_NAME = 'tidy-batch-scratch'

/** Builds every service in one place, with its dependencies passed in; nothing runs at import time. */
export async function createServices(deps: ServiceDeps) {
  const background = deps.background ?? clockTimers
  await ensurePrivateDir(deps.userDataDir)
  const settings = createSettingsStore({ dir: deps.userDataDir, logger: deps.logger })
  await settings.load()
  // Memory lives in spaces: the registry opens each one when asked (the default one now). First,
  // so a folder that cannot be opened (main asks what to do) leaves nothing else to undo.
  const spaces = await startMemorySpaces({
    dataDir: deps.userDataDir,
    settings,
    timers: memoryTimers(background),
    logger: deps.logger,
    ...(deps.memoryOff ? { memoryOff: deps.memoryOff } : {})
  })
  const secrets = createSecretsService({
    keychain: deps.keychain,
    logger: deps.logger,
    env: deps.env,
    ...(deps.keychainService ? { service: deps.keychainService } : {})
  })
  const app = createAppService({
    info: {
      ...deps.app,
      userDataFolder: deps.userDataDir,
      memoryFolder: join(deps.userDataDir, MEMORY_FOLDER_NAME)
    },
    openPath: deps.openPath,
    writeClipboard: deps.writeClipboard,
    openExternal: deps.openExternal,
    settings,
    logger: deps.logger
  })
  const windowState = createWindowStateStore(deps.userDataDir)
  const logsDir = deps.diagnostics?.logsDir ?? join(deps.userDataDir, 'logs')
  const diagnostics = createDiagnostics({
    app: { name: deps.app.name, version: deps.app.version, packaged: !!deps.diagnostics?.packaged },
    versions: deps.diagnostics?.versions ?? { node: process.versions.node },
    platform: { os: process.platform, arch: process.arch, release: release() },
    paths: { userData: deps.userDataDir, logs: logsDir, memory: app.info().memoryFolder },
    settings: () => settings.get().settings,
    secretStatus: () => secrets.status(),
    readLog: (lines) => readLogTail(logsDir, lines),
    scrub: deps.diagnostics?.scrub ?? ((text) => text)
  })
  const crashReports = crashReportsIn(logsDir, deps.app)
  const links = createLinkInbox()
  // Sync, backup and Forget work on the default space until they learn spaces (issue 38).
  const memory = spaces.registry.service(DEFAULT_SPACE_ID)
  // One file from an open dialog (a bundle, an import): main's, else the attachment picker's first.
  const chooseOpenFile: ChooseOpenFile =
    deps.chooseOpenFile ??
    (async () => (deps.pickFiles ? ((await deps.pickFiles())[0] ?? null) : null))
  // Export and import, per memory space (a project's carries and receives its own settings).
  const backups = createBackupsPerSpace({
    spaces: {
      describe: spaces.describe,
      memoryIn: (space) => spaces.registry.service(space),
      settingsOf: (space) => spaces.spaceSettings.effectiveNow(space),
      updateOwn: spaces.updateSpaceSettings
    },
    settings,
    app: { name: deps.app.name, version: deps.app.version },
    ...(deps.chooseSavePath ? { chooseSavePath: deps.chooseSavePath } : {}),
    chooseOpenFile
  })
  // Projects: read (and repaired against the spaces) before chat starts, so the start's sweep
  // of unsent attachments keeps every project's knowledge files.
  const projects = createProjectsStore({
    dataDir: deps.userDataDir,
    spaces: spaces.list,
    registry: spaces.registry,
    chats: {
      countIn: (space) => chat.countIn(space),
      moveAllOutOf: (space) => chat.moveAllOutOf(space)
    },
    // Archiving a project's memory writes the same archive as Export memory (Import reads it).
    archive: (space, dest) => backups.archiveTo(space, dest),
    logger: deps.logger
  })
  try {
    await projects.load()
  } catch (error) {
    await spaces.dispose()
    secrets.dispose()
    settings.dispose()
    throw error
  }
  // MCP servers: the file is read below (mcp.load()); main starts them once the window is up.
  const { mcp, elicitations } = createMcp({
    userDataDir: deps.userDataDir,
    logsDir,
    keychain: deps.keychain,
    keychainService: deps.keychainService ?? KEYCHAIN_SERVICE,
    openBrowser: deps.openExternal,
    chooseOpenFile,
    claudeDesktopConfig: deps.claudeDesktopConfig,
    env: deps.env,
    logger: deps.logger
  })
  const chat = createChatService({
    dir: deps.userDataDir,
    mcp,
    settings,
    secrets,
    memory,
    // A chat asks the registry for its own space's memory (its project's, or the default).
    memoryIn: (space) => spaces.registry.service(space),
    approvalIn: (space) => spaces.spaceSettings.effectiveNow(space).memoryWriteApproval,
    logger: deps.logger,
    ...(deps.chooseSavePath ? { chooseSavePath: deps.chooseSavePath } : {}),
    pickFiles: deps.pickFiles,
    openFolder: deps.openPath,
    watchFolder: true,
    keptAttachments: () => projects.knowledgeHashes(),
    projects,
    wait: retryWait(background),
    // Never from the environment: only main's dev overrides (or a test) name another server.
    anthropic: { ...deps.anthropic }
  })
  // A delete a crash interrupted is finished now that its chats can move to "No project".
  await projects.finishPending()
  const projectCalls = createProjectCalls(projects, {
    spaces: spaces.list,
    pickFolder: deps.pickFolder,
    pickFiles: () => chat.attachments.pick()
  })
  // Approvals waiting, shown outside the page (icon, title, tray, notification) once main attaches.
  const attention = createAttentionService({ chat, elicitations, links, logger: deps.logger })
  // Off until the user turns it on; the same key as chat, the same server as chat.
  const syncClients = createAnthropicClients({
    apiKey: () => secrets.getApiKey(),
    options: { ...deps.anthropic },
    logger: deps.logger
  })
  // Sync per memory space: each pairs with its own store; on at launch where its config says so.
  const sync = createSyncPerSpace({
    dataDir: deps.userDataDir,
    spaces: { all: () => spaces.list.all(), describe: spaces.describe },
    memoryIn: (space) => spaces.registry.service(space),
    approvalIn: (space) => spaces.spaceSettings.effectiveNow(space).memoryWriteApproval,
    client: () => syncClients.get(),
    intervalMs: 5 * 60_000,
    setTimer: (fn, ms, job) => background.after(job, ms, fn),
    clearTimer: (handle) => background.cancel(handle),
    ...(deps.deviceName ? { deviceName: deps.deviceName } : {}),
    logger: deps.logger
  })
  await sync.start()
  // A deleted project's sync stops (its round in flight ended) before its memory is closed.
  const stopSyncOfGone = projects.onRelease((id) => sync.stop(id))
  // Quick ask: the global shortcut and the small window's requests; main attaches the Electron side.
  const shortcut = createShortcutService({
    settings,
    platform: deps.app.platform,
    logger: deps.logger
  })
  const quickAsk = createQuickAskService({
    conversationExists: (conversationId) => chat.getConversation({ conversationId }),
    logger: deps.logger
  })
  // Forget across services, in each memory space (forget/per-space.ts).
  const forgetIn = createForgetPerSpace({
    spaces: { describe: spaces.describe, memoryIn: (space) => spaces.registry.service(space) },
    chat,
    dataDir: deps.userDataDir,
    memoryFolders: [MEMORY_FOLDER_NAME, MEMORY_STATE_FOLDER_NAME, SPACES_STATE_FOLDER_NAME],
    logsDir,
    logger: deps.logger
  })
  // Off ("development build") until main connects electron-updater in a packaged build.
  const updates = createUpdatesService({
    currentVersion: deps.app.version,
    settings: {
      get: () => settings.get().settings.updates,
      onChange: (listener) => settings.onChange((next) => listener(next.updates))
    },
    chat,
    logger: deps.logger,
    setTimer: (fn, ms) => background.after('update-check', ms, fn),
    clearTimer: (handle) => background.cancel(handle)
  })
  // Memory → Tidy…: a dry-run session on an overlay, reviewed before anything is applied.
  const tidyClients = createAnthropicClients({
    apiKey: () => secrets.getApiKey(),
    options: { ...deps.anthropic },
    logger: deps.logger
  })
  const tidy = createTidyService({
    memoryIn: (space) => spaces.registry.service(space),
    client: () => tidyClients.get(),
    models: async () => (await chat.listModels()).models,
    secretGuard: () => settings.get().settings.secretGuard,
    scratchRoot: join(deps.userDataDir, TIDY_SCRATCH_FOLDER_NAME),
    logger: deps.logger
  })
  // A suggested tidy as a Message Batch: its id in the space's state, polled in the background.
  const tidyBatches = createTidyBatches({
    tidy,
    memoryIn: (space) => spaces.registry.service(space),
    client: () => tidyClients.get(),
    models: async () => (await chat.listModels()).models,
    secretGuard: () => settings.get().settings.secretGuard,
    stateDirOf: (space) => spaces.describe(space).stateDir,
    spaces: () => spaces.list.all().map((space) => space.id),
    scratchRoot: join(deps.userDataDir, TIDY_BATCH_SCRATCH_FOLDER_NAME),
    setTimer: (fn, ms) => background.after('tidy-batch-poll', ms, fn),
    clearTimer: (handle) => background.cancel(handle),
    logger: deps.logger
  })
  await tidyBatches.start()
  const tidySuggest = createTidySuggester({
    memoryIn: (space) => spaces.registry.service(space),
    settings: () => settings.get().settings.tidySuggest
  })
  void mcp.load()
  return {
    settings,
    secrets,
    mcp,
    elicitations,
    sync,
    backups,
    forgetIn,
    updates,
    tidy,
    tidySuggest,
    tidyBatches,
    app,
    memory,
    spaces: spaces.registry,
    spaceList: spaces.list,
    spaceSettings: {
      state: spaces.spaceSettingsState,
      update: spaces.updateSpaceSettings
    },
    acrossSpaces: { copy: spaces.copyToSpace, search: spaces.searchAll },
    projects,
    projectCalls,
    chat,
    attention,
    shortcut,
    quickAsk,
    windowState,
    diagnostics,
    crashReports,
    links,
    logger: deps.logger,
    /** Stops everything; the memory engine flushes its index before this resolves. */
    async dispose() {
      // The system gets the shortcut back first: nothing may open quick ask while the rest closes.
      shortcut.dispose()
      updates.dispose()
      attention.dispose()
      // Running replies stop and save what they showed before the memory engine closes.
      await chat.dispose()
      elicitations.close() // what a server still asks is cancelled before the servers stop
      await mcp.dispose()
      stopSyncOfGone()
      await sync.dispose()
      await tidyBatches.dispose()
      await tidy.dispose()
      secrets.dispose()
      settings.dispose()
      projects.dispose()
      await spaces.dispose()
    }
  }
}
export type Services = Awaited<ReturnType<typeof createServices>>

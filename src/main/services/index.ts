import { clockTimers } from './background-timers'
import { MEMORY_FOLDER_NAME, MEMORY_STATE_FOLDER_NAME } from './memory-spaces'
import { SYNC_STATE_FOLDER_NAME } from './sync'
import { startTidy, TIDY_BATCH_SCRATCH_FOLDER_NAME, TIDY_SCRATCH_FOLDER_NAME } from './tidy'
import { createAppDesk, logsDirOf } from './wiring/app-desk'
import { startChatRoom } from './wiring/chat-room'
import type { ServiceDeps } from './wiring/deps'
import { createDesktop } from './wiring/desktop'
import { startFoundation } from './wiring/foundation'
import { createBackups, createForget, startSync } from './wiring/memory-care'

export type { ServiceDeps } from './wiring/deps'
export {
  MEMORY_FOLDER_NAME,
  MEMORY_STATE_FOLDER_NAME,
  SYNC_STATE_FOLDER_NAME,
  TIDY_SCRATCH_FOLDER_NAME,
  TIDY_BATCH_SCRATCH_FOLDER_NAME
}

/**
 * Builds every service in one place, with its dependencies passed in; nothing runs at import time.
 * Wiring only: each group's own file (wiring/) says how its services are built.
 */
export async function createServices(deps: ServiceDeps) {
  const background = deps.background ?? clockTimers
  const foundation = await startFoundation(deps, background)
  const { settings, secrets, spaces } = foundation
  const desk = createAppDesk(deps, foundation)
  const logsDir = logsDirOf(deps)
  const backups = createBackups(deps, foundation)
  const { projects, projectCalls, mcp, elicitations, chat } = await startChatRoom(deps, {
    foundation,
    background,
    logsDir,
    archive: (space, dest) => backups.archiveTo(space, dest)
  })
  const sync = await startSync(deps, foundation, background)
  // A deleted project's sync stops (its round in flight ended) before its memory is closed.
  const stopSyncOfGone = projects.onRelease((id) => sync.stop(id))
  const desktop = createDesktop(deps, {
    settings,
    chat,
    elicitations,
    links: desk.links,
    background
  })
  const { attention, shortcut, updates } = desktop
  const forgetIn = createForget(deps, foundation, chat, logsDir)
  const tidyClients = foundation.anthropicClients()
  const { tidy, tidyBatches, tidySuggest } = await startTidy({
    dataDir: deps.userDataDir,
    memoryIn: foundation.memoryIn,
    client: () => tidyClients.get(),
    models: async () => (await chat.listModels()).models,
    settings: () => settings.get().settings,
    stateDirOf: (space) => spaces.describe(space).stateDir,
    spaces: () => spaces.list.all().map((space) => space.id),
    setTimer: (fn, ms) => background.after('tidy-batch-poll', ms, fn),
    clearTimer: (handle) => background.cancel(handle),
    logger: deps.logger
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
    tidy,
    tidySuggest,
    tidyBatches,
    ...desk,
    memory: foundation.memory,
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
    ...desktop,
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

import type { BackgroundTimers } from '../background-timers'
import { createBackupsPerSpace } from '../backup'
import type { ChatService } from '../chat'
import { createForgetPerSpace } from '../forget'
import {
  MEMORY_FOLDER_NAME,
  MEMORY_STATE_FOLDER_NAME,
  SPACES_STATE_FOLDER_NAME
} from '../memory-spaces'
import { createSyncPerSpace } from '../sync'
import type { ServiceDeps } from './deps'
import type { Foundation } from './foundation'
import { chooseOpenFileOf } from './chat-room'

/** How often a paired space syncs when nothing changed. */
const SYNC_INTERVAL_MS = 5 * 60_000

/** Export and import, per memory space (a project's carries and receives its own settings). */
export function createBackups(deps: ServiceDeps, { settings, spaces, memoryIn }: Foundation) {
  return createBackupsPerSpace({
    spaces: {
      describe: spaces.describe,
      memoryIn,
      settingsOf: (space) => spaces.spaceSettings.effectiveNow(space),
      updateOwn: spaces.updateSpaceSettings
    },
    settings,
    app: { name: deps.app.name, version: deps.app.version },
    ...(deps.chooseSavePath ? { chooseSavePath: deps.chooseSavePath } : {}),
    chooseOpenFile: chooseOpenFileOf(deps)
  })
}

/**
 * Sync per memory space: each pairs with its own store; on at launch where its config says so.
 * Off until the user turns it on; the same key as chat, the same server as chat.
 */
export async function startSync(
  deps: ServiceDeps,
  foundation: Foundation,
  background: BackgroundTimers
) {
  const clients = foundation.anthropicClients()
  const { spaces } = foundation
  const sync = createSyncPerSpace({
    dataDir: deps.userDataDir,
    spaces: { all: () => spaces.list.all(), describe: spaces.describe },
    memoryIn: foundation.memoryIn,
    approvalIn: foundation.approvalIn,
    client: () => clients.get(),
    intervalMs: SYNC_INTERVAL_MS,
    setTimer: (fn, ms, job) => background.after(job, ms, fn),
    clearTimer: (handle) => background.cancel(handle),
    ...(deps.deviceName ? { deviceName: deps.deviceName } : {}),
    logger: deps.logger
  })
  await sync.start()
  return sync
}

/** Forget across services, in each memory space (forget/per-space.ts). */
export function createForget(
  deps: ServiceDeps,
  { spaces, memoryIn }: Foundation,
  chat: ChatService,
  logsDir: string
) {
  return createForgetPerSpace({
    spaces: { describe: spaces.describe, memoryIn },
    chat,
    dataDir: deps.userDataDir,
    memoryFolders: [MEMORY_FOLDER_NAME, MEMORY_STATE_FOLDER_NAME, SPACES_STATE_FOLDER_NAME],
    logsDir,
    logger: deps.logger
  })
}

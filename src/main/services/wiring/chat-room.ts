import type { SpaceId } from '@shared/memory/spaces'
import { retryWait, type BackgroundTimers } from '../background-timers'
import type { ChooseOpenFile } from '../backup'
import { createChatService } from '../chat'
import { createMcp } from '../mcp'
import { createProjectCalls, createProjectsStore } from '../projects'
import { KEYCHAIN_SERVICE } from '../secrets/secrets-service'
import type { ServiceDeps } from './deps'
import type { Foundation } from './foundation'

/** One file from an open dialog (a bundle, an import): main's, else the attachment picker's first. */
export function chooseOpenFileOf(deps: ServiceDeps): ChooseOpenFile {
  return (
    deps.chooseOpenFile ??
    (async () => (deps.pickFiles ? ((await deps.pickFiles())[0] ?? null) : null))
  )
}

interface ChatRoomNeeds {
  foundation: Foundation
  background: BackgroundTimers
  logsDir: string
  /** Archiving a project's memory writes the same archive as Export memory (Import reads it). */
  archive: (space: SpaceId, dest: string) => Promise<void>
}

/**
 * Projects, MCP servers and chat, which need each other: projects are read (and repaired against
 * the spaces) before chat starts, so the start's sweep of unsent attachments keeps every
 * project's knowledge files; a delete a crash interrupted is finished once chat can take its chats.
 */
export async function startChatRoom(deps: ServiceDeps, needs: ChatRoomNeeds) {
  const { foundation, background, logsDir } = needs
  const { settings, secrets, spaces, memoryIn } = foundation
  const projects = createProjectsStore({
    dataDir: deps.userDataDir,
    spaces: spaces.list,
    registry: spaces.registry,
    chats: {
      countIn: (space) => chat.countIn(space),
      moveAllOutOf: (space) => chat.moveAllOutOf(space)
    },
    archive: needs.archive,
    logger: deps.logger
  })
  try {
    await projects.load()
  } catch (error) {
    await foundation.dispose()
    throw error
  }
  // MCP servers: the file is read at the end of the start; main starts them once the window is up.
  const { mcp, elicitations } = createMcp({
    userDataDir: deps.userDataDir,
    logsDir,
    keychain: deps.keychain,
    keychainService: deps.keychainService ?? KEYCHAIN_SERVICE,
    openBrowser: deps.openExternal,
    chooseOpenFile: chooseOpenFileOf(deps),
    claudeDesktopConfig: deps.claudeDesktopConfig,
    env: deps.env,
    logger: deps.logger
  })
  const chat = createChatService({
    dir: deps.userDataDir,
    mcp,
    settings,
    secrets,
    memory: foundation.memory,
    // A chat asks the registry for its own space's memory (its project's, or the default).
    memoryIn,
    approvalIn: foundation.approvalIn,
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
  await projects.finishPending()
  const projectCalls = createProjectCalls(projects, {
    spaces: spaces.list,
    pickFolder: deps.pickFolder,
    pickFiles: () => chat.attachments.pick()
  })
  return { projects, projectCalls, mcp, elicitations, chat }
}

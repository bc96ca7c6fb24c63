import type { McpOverview } from '@shared/mcp/channels'
import type { McpServerConfig } from '@shared/mcp/servers'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { ElicitationDesk } from './elicitations'
import type { McpCallOptions, McpHub } from './hub'
import type { McpSignIn } from './oauth/sign-in'
import { promptCalls } from './prompts'
import { resourceCalls } from './resources'
import type { ServersState } from './servers-file'
import type { BundleInstaller } from './bundles/bundle-installer'
import { bundleCalls } from './bundles/bundle-calls'
import { mcpOverview } from './service/overview'
import { serverEdits } from './service/server-edits'
import { createServersKeeper, type ServersFile } from './service/servers-keeper'
import { dropSignIns, signInCalls } from './service/sign-in-calls'

/*
 * Settings → Tools: the MCP servers the user added, their state and tools, and how each tool is
 * approved. It keeps the servers file and tells the hub (which owns the connections) what to run.
 * Servers start after the window is up (`start`), in the background: a chat that uses none of
 * them never waits for one.
 */

export interface McpServiceDeps {
  hub: McpHub
  file: ServersFile
  /** Where Claude Desktop keeps its config on this system (null: nowhere known). */
  claudeDesktopConfig: string | null
  /** Sign-in for remote servers (OAuth); absent, a server that wants one stays "needs sign-in". */
  signIn?: McpSignIn
  /** Installs `.mcpb` bundles (absent: bundles are refused). */
  bundles?: BundleInstaller
  logger: Logger
  /** Where a server's questions wait: told which chat each call runs for. */
  elicitations?: Pick<ElicitationDesk, 'track'>
}

export function createMcpService(deps: McpServiceDeps) {
  const { hub, logger } = deps
  const changed = new Emitter<McpOverview>((error) =>
    logger.warn('an MCP listener failed', { error })
  )
  const tell = () => changed.emit(overview())
  const keeper = createServersKeeper({ file: deps.file, hub, logger, changed: tell })
  const { overview, approvalOf } = mcpOverview({ state: keeper.current, hub, signIn: deps.signIn })
  const unhook = hub.onChange(tell)
  const unhookSignIn = deps.signIn?.onChange(tell)
  const commit = async (next: ServersState, removed?: McpServerConfig[]): Promise<McpOverview> => {
    await keeper.commit(next, removed)
    return overview()
  }
  const bundles = bundleCalls({
    installer: deps.bundles,
    state: async () => {
      await keeper.load()
      return keeper.current()
    },
    commit
  })
  const chatFeatures = {
    servers: () => keeper.current().servers,
    features: (server: string) => hub.features(server)
  }
  let started = false

  return {
    /** Reads the servers file (at app start, while the window opens; starts nothing). */
    load: () => keeper.load().catch(() => undefined),
    /**
     * Starts the enabled servers in the background: main calls it once the window is up, so
     * servers never compete with the first screen. Once; later changes start what they add.
     */
    async start(): Promise<void> {
      if (started) return
      started = true
      try {
        await keeper.load()
      } catch {
        return
      }
      const { servers } = keeper.current()
      // Which remote servers hold tokens, before they start (a keychain that fails: none do).
      await deps.signIn
        ?.load(servers)
        .catch((error: unknown) => logger.warn('MCP sign-ins not read', { error }))
      // The hub tells each server's start (onChange); with none, there is nothing to tell.
      if (keeper.current().servers.length > 0) keeper.run()
      await deps.bundles?.sweep()
    },
    overview,
    onChange: (listener: (overview: McpOverview) => void) => changed.on(listener),
    ...serverEdits({
      keeper,
      commit,
      claudeDesktopConfig: deps.claudeDesktopConfig,
      cleanUp: {
        signIns: (ids) => dropSignIns(deps.signIn, logger, ids),
        bundleFolders: bundles.removeBundleFolders
      },
      overview
    }),
    ...signInCalls({ keeper, hub, signIn: deps.signIn, overview, logger }),

    async restart(id: string): Promise<McpOverview> {
      await keeper.load()
      keeper.find(id)
      await hub.restart(id)
      return overview()
    },

    /** For the chat: the connected servers, their tools, and how each is approved. */
    servers: () => keeper.current().servers.filter((s) => s.enabled),
    tools: () => hub.tools(),
    /** A call for a chat (`conversationId`): a question its server asks meanwhile shows there. */
    async callTool(
      server: string,
      tool: string,
      args: Record<string, unknown>,
      { conversationId, ...options }: McpCallOptions & { conversationId?: string }
    ) {
      const release =
        conversationId && deps.elicitations
          ? deps.elicitations.track(server, { conversationId, signal: options.signal })
          : () => undefined
      try {
        return await hub.callTool(server, tool, args, options)
      } finally {
        release()
      }
    },
    approvalOf,
    /** For the composer: prompts as slash commands, resources to attach. */
    ...promptCalls(chatFeatures),
    ...resourceCalls(chatFeatures),
    previewBundle: bundles.previewBundle,
    bundleCommand: bundles.bundleCommand,
    installBundle: bundles.installBundle,

    async dispose(): Promise<void> {
      unhook()
      unhookSignIn?.()
      deps.signIn?.dispose()
      await hub.dispose()
    }
  }
}

export type McpService = ReturnType<typeof createMcpService>

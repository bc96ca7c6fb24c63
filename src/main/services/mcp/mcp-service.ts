import { readFile } from 'node:fs/promises'
import { CairnError } from '@shared/errors'
import type {
  McpImportPreview,
  McpImportSource,
  McpOverview,
  McpServerDraft,
  McpServerView,
  McpToolApproval
} from '@shared/mcp/channels'
import type { McpServerConfig, McpServerStatus } from '@shared/mcp/servers'
import type { McpBundleChoice, McpBundleSource } from '@shared/mcp/bundles'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { McpHub } from './hub'
import { readServersConfig } from './import-config'
import { isSecretName, namedValues, type ServersState } from './servers-file'
import type { BundleInstaller } from './bundles/bundle-installer'
import { withSecrets } from './bundles/bundle-manifest'

/*
 * Settings → Tools: the MCP servers the user added, their state and tools, and how each tool is
 * approved. It keeps the servers file and tells the hub (which owns the connections) what to run.
 * Servers start after the window is up (`start`), in the background: a chat that uses none of
 * them never waits for one.
 */

export interface McpServiceDeps {
  hub: McpHub
  file: {
    load(): Promise<ServersState>
    save(state: ServersState, removed?: McpServerConfig[]): Promise<void>
  }
  /** Where Claude Desktop keeps its config on this system (null: nowhere known). */
  claudeDesktopConfig: string | null
  /** Installs `.mcpb` bundles (absent: bundles are refused). */
  bundles?: BundleInstaller
  logger: Logger
}

export function createMcpService(deps: McpServiceDeps) {
  const { hub } = deps
  let state: ServersState = { servers: [], toolApproval: {} }
  const changed = new Emitter<McpOverview>((error) =>
    deps.logger.warn('an MCP listener failed', { error })
  )
  const tell = () => changed.emit(overview())
  const unhook = hub.onChange(tell)

  function overview(): McpOverview {
    const statuses = new Map(hub.status().map((s) => [s.id, s]))
    const tools = hub.tools()
    return {
      servers: state.servers.map((server): McpServerView => ({
        id: server.id,
        name: server.name,
        enabled: server.enabled,
        transport: shown(server),
        status: statuses.get(server.id) ?? idle(server),
        tools: tools
          .filter((t) => t.server === server.id)
          .map((t) => ({
            name: t.name,
            ...(t.title ? { title: t.title } : {}),
            ...(t.description ? { description: t.description } : {}),
            readOnly: t.annotations?.readOnlyHint === true,
            destructive: t.annotations?.destructiveHint === true,
            approval: approvalOf(server.id, t.name)
          })),
        ...(server.bundle
          ? { bundle: { name: server.bundle.name, version: server.bundle.version } }
          : {})
      }))
    }
  }

  function approvalOf(server: string, tool: string): McpToolApproval {
    return state.toolApproval[`${server}/${tool}`] ?? 'ask'
  }

  async function commit(next: ServersState, removed: McpServerConfig[] = []): Promise<McpOverview> {
    try {
      await deps.file.save(next, removed)
    } catch (error) {
      deps.logger.error('MCP servers file not saved', { error })
      const why = error instanceof Error ? error.message : String(error)
      throw new CairnError(
        'MCP_WRITE_FAILED',
        `The MCP servers could not be saved (${why}). Nothing changed; try again, or check the app's data folder.`
      )
    }
    state = next
    run()
    tell()
    return overview()
  }

  /** The hub runs the servers with a bundle's sensitive settings filled in from the keychain. */
  function run(): void {
    hub.configure(state.servers.map(withSecrets))
  }

  function bundles(): BundleInstaller {
    if (!deps.bundles)
      throw new CairnError('MCP_BUNDLE_REFUSED', 'This build of Cairn cannot install bundles.')
    return deps.bundles
  }

  async function removeBundleFolders(servers: McpServerConfig[]): Promise<void> {
    for (const server of servers)
      if (server.bundle) await deps.bundles?.removeFolder(server.bundle.folder)
  }

  function find(id: string): McpServerConfig {
    const server = state.servers.find((s) => s.id === id)
    if (!server) throw new CairnError('MCP_NOT_FOUND', `There is no MCP server "${id}" any more.`)
    return server
  }

  return {
    /** Reads the servers file and starts the enabled servers in the background. */
    async start(): Promise<void> {
      try {
        state = await deps.file.load()
      } catch (error) {
        deps.logger.error('MCP servers file not read', { error })
        return
      }
      // The hub tells each server's start (onChange); with none, there is nothing to tell.
      if (state.servers.length > 0) run()
      await deps.bundles?.sweep()
    },
    overview,
    onChange: (listener: (overview: McpOverview) => void) => changed.on(listener),

    async previewImport(source: McpImportSource): Promise<McpImportPreview> {
      const taken = new Set(state.servers.map((s) => s.id))
      if (source.source === 'json') return readServersConfig(source.text, taken)
      const file = deps.claudeDesktopConfig
      if (!file)
        return { servers: [], problems: ['Claude Desktop is not known on this system.'], file }
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch {
        return {
          servers: [],
          problems: [
            `Claude Desktop's settings were not found at ${file}. Is Claude Desktop installed, with MCP servers added?`
          ],
          file
        }
      }
      return readServersConfig(text, taken, file)
    },

    /** Adds the servers the user saw in a preview (their command lines confirmed), enabled. */
    async addServers(drafts: McpServerDraft[]): Promise<McpOverview> {
      const ids = new Set(drafts.map((d) => d.id))
      const replaced = state.servers.filter((s) => ids.has(s.id))
      const added = drafts.map(({ id, name, transport }) => ({
        id,
        name,
        enabled: true,
        transport
      }))
      const next = await commit(
        { ...state, servers: [...state.servers.filter((s) => !ids.has(s.id)), ...added] },
        replaced
      )
      // A bundle's server replaced by one added by hand leaves no unpacked folder behind.
      await removeBundleFolders(replaced)
      return next
    },

    setEnabled(id: string, enabled: boolean): Promise<McpOverview> {
      find(id)
      return commit({
        ...state,
        servers: state.servers.map((s) => (s.id === id ? { ...s, enabled } : s))
      })
    },

    async remove(id: string): Promise<McpOverview> {
      const server = find(id)
      const toolApproval = Object.fromEntries(
        Object.entries(state.toolApproval).filter(([key]) => !key.startsWith(`${id}/`))
      )
      const next = await commit(
        { servers: state.servers.filter((s) => s.id !== id), toolApproval },
        [server]
      )
      await removeBundleFolders([server])
      return next
    },

    /** Reads a `.mcpb` and answers what installing it would run (null: nothing was picked). */
    previewBundle: (source: McpBundleSource) => bundles().preview(source, state.servers),
    bundleCommand: (choice: McpBundleChoice) => bundles().command(choice),

    /**
     * Installs the previewed bundle (its command line confirmed in the preview), replacing the
     * version installed before; a failed save takes the unpacked folder away again.
     */
    async installBundle(choice: McpBundleChoice): Promise<McpOverview> {
      const unpacked = await bundles().install(choice)
      const { server, replaced } = unpacked
      let next: McpOverview
      try {
        next = await commit(
          { ...state, servers: [...state.servers.filter((s) => s.id !== server.id), server] },
          replaced ? [replaced] : []
        )
      } catch (error) {
        await unpacked.undo()
        throw error
      }
      await unpacked.done()
      return next
    },

    async restart(id: string): Promise<McpOverview> {
      find(id)
      await hub.restart(id)
      return overview()
    },

    setToolApproval(server: string, tool: string, approval: McpToolApproval): Promise<McpOverview> {
      find(server)
      return commit({
        ...state,
        toolApproval: { ...state.toolApproval, [`${server}/${tool}`]: approval }
      })
    },

    /** For the chat: the connected servers, their tools, and how each is approved. */
    servers: () => state.servers.filter((s) => s.enabled),
    tools: () => hub.tools(),
    callTool: hub.callTool.bind(hub),
    approvalOf,

    async dispose(): Promise<void> {
      unhook()
      await hub.dispose()
    }
  }
}

export type McpService = ReturnType<typeof createMcpService>

function idle(server: McpServerConfig): McpServerStatus {
  return {
    id: server.id,
    state: server.enabled ? 'starting' : 'disabled',
    tools: 0,
    error: null,
    stderrTail: [],
    logFile: null
  }
}

/** The server as the page may see it: a secret's value stays in main. */
function shown(server: McpServerConfig): McpServerView['transport'] {
  const values = namedValues(server)
    .filter(([name]) => !name.startsWith('user_config:'))
    .map(([name, value]) => {
      const key = name.slice(name.indexOf(':') + 1)
      const secret = isSecretName(key)
      return { name: key, value: secret ? '' : value, secret }
    })
  const t = server.transport
  return t.type === 'stdio'
    ? {
        type: 'stdio',
        command: t.command,
        args: t.args,
        ...(t.cwd ? { cwd: t.cwd } : {}),
        env: values
      }
    : { type: 'http', url: t.url, headers: values }
}

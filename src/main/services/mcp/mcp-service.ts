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
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { ElicitationDesk } from './elicitations'
import type { McpCallOptions, McpHub } from './hub'
import { readServersConfig } from './import-config'
import type { McpSignIn } from './oauth/sign-in'
import { promptCalls } from './prompts'
import { resourceCalls } from './resources'
import { isSecretName, namedValues, type ServersState } from './servers-file'
import type { BundleInstaller } from './bundles/bundle-installer'
import { bundleCalls } from './bundles/bundle-calls'
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
  /** Sign-in for remote servers (OAuth); absent, a server that wants one stays "needs sign-in". */
  signIn?: McpSignIn
  /** Installs `.mcpb` bundles (absent: bundles are refused). */
  bundles?: BundleInstaller
  logger: Logger
  /** Where a server's questions wait: told which chat each call runs for. */
  elicitations?: Pick<ElicitationDesk, 'track'>
}

export function createMcpService(deps: McpServiceDeps) {
  const { hub } = deps
  let state: ServersState = { servers: [], toolApproval: {} }
  const changed = new Emitter<McpOverview>((error) =>
    deps.logger.warn('an MCP listener failed', { error })
  )
  const tell = () => changed.emit(overview())
  const unhook = hub.onChange(tell)
  const unhookSignIn = deps.signIn?.onChange(tell)
  const bundles = bundleCalls({
    installer: deps.bundles,
    state: async () => {
      await load()
      return state
    },
    commit
  })
  const chatFeatures = {
    servers: () => state.servers,
    features: (server: string) => hub.features(server)
  }
  /** The servers file, read once (every change waits for it: nothing saved over what is there). */
  let loading: Promise<void> | null = null
  const load = (): Promise<void> =>
    (loading ??= deps.file.load().then(
      (read) => {
        state = read
        // The page may have asked already; with no servers, nothing it saw has changed.
        if (state.servers.length > 0) tell()
      },
      (error: unknown) => {
        deps.logger.error('MCP servers file not read', { error })
        throw new CairnError(
          'MCP_READ_FAILED',
          `The MCP servers file could not be read (${error instanceof Error ? error.message : String(error)}). Nothing was changed; check mcp-servers.json in the app's data folder, then restart Cairn.`
        )
      }
    ))
  let started = false

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
        ...signInOf(server),
        ...(server.bundle
          ? { bundle: { name: server.bundle.name, version: server.bundle.version } }
          : {})
      }))
    }
  }

  function signInOf(server: McpServerConfig): Pick<McpServerView, 'signIn'> {
    const signIn = deps.signIn?.view(server)
    return signIn ? { signIn } : {}
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

  async function forgetSignIn(id: string): Promise<void> {
    try {
      await deps.signIn?.signOut(id)
    } catch (error) {
      deps.logger.error('MCP sign-in not removed from the keychain', { error })
      const why = error instanceof Error ? error.message : String(error)
      throw new CairnError(
        'KEYCHAIN_UNAVAILABLE',
        `The sign-in could not be removed from the system keychain (${why}). Try Sign out again.`
      )
    }
  }

  /** A removed or moved server's sign-in: a keychain that fails only leaves an entry behind. */
  async function dropSignIns(ids: string[]): Promise<void> {
    for (const id of ids)
      await deps.signIn
        ?.signOut(id)
        .catch((error: unknown) => deps.logger.warn('MCP sign-in left in the keychain', { error }))
  }

  /** The hub runs the servers with a bundle's sensitive settings filled in from the keychain. */
  function run(): void {
    hub.configure(state.servers.map(withSecrets))
  }

  function find(id: string): McpServerConfig {
    const server = state.servers.find((s) => s.id === id)
    if (!server) throw new CairnError('MCP_NOT_FOUND', `There is no MCP server "${id}" any more.`)
    return server
  }

  return {
    /** Reads the servers file (at app start, while the window opens; starts nothing). */
    load: () => load().catch(() => undefined),
    /**
     * Starts the enabled servers in the background: main calls it once the window is up, so
     * servers never compete with the first screen. Once; later changes start what they add.
     */
    async start(): Promise<void> {
      if (started) return
      started = true
      try {
        await load()
      } catch {
        return
      }
      // Which remote servers hold tokens, before they start (a keychain that fails: none do).
      await deps.signIn
        ?.load(state.servers)
        .catch((error: unknown) => deps.logger.warn('MCP sign-ins not read', { error }))
      // The hub tells each server's start (onChange); with none, there is nothing to tell.
      if (state.servers.length > 0) run()
      await deps.bundles?.sweep()
    },
    overview,
    onChange: (listener: (overview: McpOverview) => void) => changed.on(listener),

    async previewImport(source: McpImportSource): Promise<McpImportPreview> {
      await load()
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
      await load()
      const ids = new Set(drafts.map((d) => d.id))
      const replaced = state.servers.filter((s) => ids.has(s.id))
      const added = drafts.map(({ id, name, transport }) => ({
        id,
        name,
        enabled: true,
        transport
      }))
      await commit(
        { ...state, servers: [...state.servers.filter((s) => !ids.has(s.id)), ...added] },
        replaced
      )
      // Tokens belong to the address they were given for: a server moved elsewhere signs in anew.
      const moved = replaced.filter(
        (old) => !added.some((s) => s.id === old.id && sameAddress(s.transport, old.transport))
      )
      await dropSignIns(moved.map((s) => s.id))
      // A bundle's server replaced by one added by hand leaves no unpacked folder behind.
      await bundles.removeBundleFolders(replaced)
      return overview()
    },

    async setEnabled(id: string, enabled: boolean): Promise<McpOverview> {
      await load()
      find(id)
      return commit({
        ...state,
        servers: state.servers.map((s) => (s.id === id ? { ...s, enabled } : s))
      })
    },

    async remove(id: string): Promise<McpOverview> {
      await load()
      const server = find(id)
      const toolApproval = Object.fromEntries(
        Object.entries(state.toolApproval).filter(([key]) => !key.startsWith(`${id}/`))
      )
      await commit({ servers: state.servers.filter((s) => s.id !== id), toolApproval }, [server])
      await dropSignIns([id])
      await bundles.removeBundleFolders([server])
      return overview()
    },

    /** Opens the server's sign-in page; answers once the browser shows it (or it failed). */
    async signIn(id: string): Promise<McpOverview> {
      await load()
      const server = find(id)
      if (server.transport.type !== 'http')
        throw new CairnError(
          'BAD_INPUT',
          `${server.name} runs on this computer: there is nothing to sign in to.`
        )
      if (!deps.signIn)
        throw new CairnError('INTERNAL', 'Signing in to servers is not available here.')
      await deps.signIn.signIn(server, () => hub.restart(id))
      return overview()
    },

    cancelSignIn(id: string): McpOverview {
      find(id)
      deps.signIn?.cancel(id)
      return overview()
    },

    /** Removes the server's tokens from the keychain; it then needs a sign-in again. */
    async signOut(id: string): Promise<McpOverview> {
      await load()
      find(id)
      await forgetSignIn(id)
      await hub.restart(id)
      return overview()
    },

    async restart(id: string): Promise<McpOverview> {
      await load()
      find(id)
      await hub.restart(id)
      return overview()
    },

    async setToolApproval(
      server: string,
      tool: string,
      approval: McpToolApproval
    ): Promise<McpOverview> {
      await load()
      find(server)
      return commit({
        ...state,
        toolApproval: { ...state.toolApproval, [`${server}/${tool}`]: approval }
      })
    },

    /** For the chat: the connected servers, their tools, and how each is approved. */
    servers: () => state.servers.filter((s) => s.enabled),
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

function sameAddress(a: McpServerConfig['transport'], b: McpServerConfig['transport']): boolean {
  return a.type === 'http' && b.type === 'http' && a.url === b.url
}

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

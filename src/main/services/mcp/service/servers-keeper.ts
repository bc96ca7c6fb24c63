import { CairnError } from '@shared/errors'
import type { McpServerConfig } from '@shared/mcp/servers'
import type { Logger } from '../../log/logger'
import { withSecrets } from '../bundles/bundle-manifest'
import type { McpHub } from '../hub'
import type { ServersState } from '../servers-file'

export interface ServersFile {
  load(): Promise<ServersState>
  save(state: ServersState, removed?: McpServerConfig[]): Promise<void>
}

export interface ServersKeeperDeps {
  file: ServersFile
  hub: Pick<McpHub, 'configure'>
  logger: Logger
  /** The servers or their settings changed: the page is told. */
  changed: () => void
}

/**
 * The one owner of the servers file's state: read once, changed only by `commit` (saved first,
 * then run by the hub), so nothing is saved over what is on disk.
 */
export function createServersKeeper(deps: ServersKeeperDeps) {
  let state: ServersState = { servers: [], toolApproval: {} }
  /** The servers file, read once (every change waits for it: nothing saved over what is there). */
  let loading: Promise<void> | null = null

  const load = (): Promise<void> =>
    (loading ??= deps.file.load().then(
      (read) => {
        state = read
        // The page may have asked already; with no servers, nothing it saw has changed.
        if (state.servers.length > 0) deps.changed()
      },
      (error: unknown) => {
        deps.logger.error('MCP servers file not read', { error })
        throw new CairnError(
          'MCP_READ_FAILED',
          `The MCP servers file could not be read (${error instanceof Error ? error.message : String(error)}). Nothing was changed; check mcp-servers.json in the app's data folder, then restart Cairn.`
        )
      }
    ))

  /** The hub runs the servers with a bundle's sensitive settings filled in from the keychain. */
  function run(): void {
    deps.hub.configure(state.servers.map(withSecrets))
  }

  async function commit(next: ServersState, removed: McpServerConfig[] = []): Promise<void> {
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
    deps.changed()
  }

  function find(id: string): McpServerConfig {
    const server = state.servers.find((s) => s.id === id)
    if (!server) throw new CairnError('MCP_NOT_FOUND', `There is no MCP server "${id}" any more.`)
    return server
  }

  return {
    /** The servers and approvals as last read or saved. */
    current: (): ServersState => state,
    load,
    run,
    commit,
    find
  }
}

export type ServersKeeper = ReturnType<typeof createServersKeeper>

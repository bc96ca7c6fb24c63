import { readFile } from 'node:fs/promises'
import type {
  McpImportPreview,
  McpImportSource,
  McpOverview,
  McpServerDraft,
  McpToolApproval
} from '@shared/mcp/channels'
import type { McpServerConfig } from '@shared/mcp/servers'
import { readServersConfig } from '../import-config'
import type { ServersState } from '../servers-file'
import type { ServersKeeper } from './servers-keeper'

export interface ServerEditsDeps {
  keeper: Pick<ServersKeeper, 'load' | 'find' | 'current'>
  /** Saves the servers file (via the keeper) and answers the overview after. */
  commit: (next: ServersState, removed?: McpServerConfig[]) => Promise<McpOverview>
  /** Where Claude Desktop keeps its config on this system (null: nowhere known). */
  claudeDesktopConfig: string | null
  /** What goes with servers that were removed or replaced: their sign-ins and unpacked folders. */
  cleanUp: {
    signIns(ids: string[]): Promise<void>
    bundleFolders(servers: McpServerConfig[]): Promise<void>
  }
  overview: () => McpOverview
}

/** Settings → Tools' edits of the servers list: import, add, turn on or off, remove, approve. */
export function serverEdits(deps: ServerEditsDeps) {
  const { keeper, commit, cleanUp } = deps
  const state = () => keeper.current()

  return {
    async previewImport(source: McpImportSource): Promise<McpImportPreview> {
      await keeper.load()
      const taken = new Set(state().servers.map((s) => s.id))
      if (source.source === 'json') return readServersConfig(source.text, taken)
      return previewClaudeDesktop(deps.claudeDesktopConfig, taken)
    },

    /** Adds the servers the user saw in a preview (their command lines confirmed), enabled. */
    async addServers(drafts: McpServerDraft[]): Promise<McpOverview> {
      await keeper.load()
      const ids = new Set(drafts.map((d) => d.id))
      const replaced = state().servers.filter((s) => ids.has(s.id))
      const added = drafts.map(({ id, name, transport }) => ({
        id,
        name,
        enabled: true,
        transport
      }))
      await commit(
        { ...state(), servers: [...state().servers.filter((s) => !ids.has(s.id)), ...added] },
        replaced
      )
      // Tokens belong to the address they were given for: a server moved elsewhere signs in anew.
      const moved = replaced.filter(
        (old) => !added.some((s) => s.id === old.id && sameAddress(s.transport, old.transport))
      )
      await cleanUp.signIns(moved.map((s) => s.id))
      // A bundle's server replaced by one added by hand leaves no unpacked folder behind.
      await cleanUp.bundleFolders(replaced)
      return deps.overview()
    },

    async setEnabled(id: string, enabled: boolean): Promise<McpOverview> {
      await keeper.load()
      keeper.find(id)
      return commit({
        ...state(),
        servers: state().servers.map((s) => (s.id === id ? { ...s, enabled } : s))
      })
    },

    async remove(id: string): Promise<McpOverview> {
      await keeper.load()
      const server = keeper.find(id)
      const toolApproval = Object.fromEntries(
        Object.entries(state().toolApproval).filter(([key]) => !key.startsWith(`${id}/`))
      )
      await commit({ servers: state().servers.filter((s) => s.id !== id), toolApproval }, [server])
      await cleanUp.signIns([id])
      await cleanUp.bundleFolders([server])
      return deps.overview()
    },

    async setToolApproval(
      server: string,
      tool: string,
      approval: McpToolApproval
    ): Promise<McpOverview> {
      await keeper.load()
      keeper.find(server)
      return commit({
        ...state(),
        toolApproval: { ...state().toolApproval, [`${server}/${tool}`]: approval }
      })
    }
  }
}

/** Claude Desktop's servers, read from its config file (a missing one says where it looked). */
async function previewClaudeDesktop(
  file: string | null,
  taken: Set<string>
): Promise<McpImportPreview> {
  if (!file) return { servers: [], problems: ['Claude Desktop is not known on this system.'], file }
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
}

function sameAddress(a: McpServerConfig['transport'], b: McpServerConfig['transport']): boolean {
  return a.type === 'http' && b.type === 'http' && a.url === b.url
}

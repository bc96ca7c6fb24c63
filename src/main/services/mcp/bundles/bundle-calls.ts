import { CairnError } from '@shared/errors'
import type { McpOverview } from '@shared/mcp/channels'
import type { McpBundleChoice, McpBundleSource } from '@shared/mcp/bundles'
import type { McpServerConfig } from '@shared/mcp/servers'
import type { ServersState } from '../servers-file'
import type { BundleInstaller } from './bundle-installer'

/** What the MCP service lends its bundle calls: the servers file, read and saved its one way. */
export interface BundleCallsDeps {
  installer?: BundleInstaller
  /** The servers file as read (waits for the first read). */
  state: () => Promise<ServersState>
  commit: (next: ServersState, removed: McpServerConfig[]) => Promise<McpOverview>
}

/** Settings → Tools' `.mcpb` calls: preview, the command line a form gives, install or update. */
export function bundleCalls(deps: BundleCallsDeps) {
  function installer(): BundleInstaller {
    if (!deps.installer)
      throw new CairnError('MCP_BUNDLE_REFUSED', 'This build of Cairn cannot install bundles.')
    return deps.installer
  }

  return {
    /** Reads a `.mcpb` and answers what installing it would run (null: nothing was picked). */
    previewBundle: async (source: McpBundleSource) =>
      installer().preview(source, (await deps.state()).servers),
    bundleCommand: (choice: McpBundleChoice) => installer().command(choice),

    /**
     * Installs the previewed bundle (its command line confirmed in the preview), replacing the
     * version installed before; a failed save takes the unpacked folder away again.
     */
    async installBundle(choice: McpBundleChoice): Promise<McpOverview> {
      const state = await deps.state()
      const unpacked = await installer().install(choice)
      const { server, replaced } = unpacked
      let next: McpOverview
      try {
        next = await deps.commit(
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

    /** The unpacked folders of bundle servers that went (removed, or replaced by hand). */
    async removeBundleFolders(servers: McpServerConfig[]): Promise<void> {
      for (const server of servers)
        if (server.bundle) await deps.installer?.removeFolder(server.bundle.folder)
    }
  }
}

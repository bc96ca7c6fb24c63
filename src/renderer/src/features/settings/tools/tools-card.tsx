import { useState } from 'react'
import type { McpServerView } from '@shared/mcp/channels'
import { Card } from '../../../components/card'
import { Dialog } from '../../../components/dialog'
import { useFileDrop } from '../../chat/attachments/use-file-drop'
import { AddServer } from './add-server'
import { BundlePreview } from './bundle-preview'
import { useBundleInstall } from './use-bundle-install'
import { ServerRow, type ServerActions } from './server-row'
import { useMcpOverview } from '../../../lib/hooks/use-mcp-overview'

/** Settings → Tools: MCP servers, their tools, and how Claude may use each. */
export function ToolsCard() {
  const { overview, problem, act } = useMcpOverview()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<McpServerView | null>(null)
  const bundle = useBundleInstall(act)
  const { dropping, dropHandlers } = useFileDrop((files) => void bundle.drop(files))
  const actions: ServerActions = {
    setEnabled: (id, enabled) => void act((api) => api.mcp.setEnabled({ id, enabled })),
    restart: (id) => void act((api) => api.mcp.restartServer({ id })),
    signIn: (id) => void act((api) => api.mcp.signIn({ id })),
    cancelSignIn: (id) => void act((api) => api.mcp.cancelSignIn({ id })),
    signOut: (id) => void act((api) => api.mcp.signOut({ id })),
    remove: setRemoving,
    setApproval: (server, tool, approval) =>
      void act((api) => api.mcp.setToolApproval({ server, tool, approval }))
  }
  const servers = overview?.servers ?? []
  return (
    // A .mcpb dropped anywhere on the card opens its preview.
    <div {...dropHandlers} className={dropping ? 'mcp-drop mcp-drop--active' : 'mcp-drop'}>
      <Card
        title="MCP servers"
        description="Programs and services that give Claude more tools. A server runs with your permissions: add only ones you trust."
      >
        {overview && servers.length === 0 && !adding ? (
          <p className="text-sm text-muted">
            No servers yet. Add one by its command, paste a config, import the servers you use in
            Claude Desktop, or install an MCP bundle (.mcpb): pick it, or drop it here.
          </p>
        ) : null}
        {servers.length > 0 ? (
          <ul className="flex flex-col gap-3" aria-label="MCP servers">
            {servers.map((server) => (
              <ServerRow key={server.id} server={server} actions={actions} />
            ))}
          </ul>
        ) : null}
        {bundle.preview ? (
          <BundlePreview bundle={bundle} />
        ) : adding ? (
          <AddServer
            onAdd={(preview) => act((api) => api.mcp.addServers({ servers: preview.servers }))}
            onClose={() => setAdding(false)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="button" onClick={() => setAdding(true)}>
              Add a server…
            </button>
            <button type="button" className="button" disabled={bundle.busy} onClick={bundle.pick}>
              Install bundle…
            </button>
          </div>
        )}
        {[problem, bundle.problem].map((line) =>
          line ? (
            <p key={line} role="alert" className="text-sm text-danger">
              {line}
            </p>
          ) : null
        )}
        <Dialog
          open={removing !== null}
          title={`Remove ${removing?.name ?? 'this server'}?`}
          confirmLabel="Remove"
          danger
          onConfirm={() => {
            const server = removing
            setRemoving(null)
            if (server) void act((api) => api.mcp.removeServer({ id: server.id }))
          }}
          onClose={() => setRemoving(null)}
        >
          {removing?.bundle
            ? 'Claude can no longer use its tools. Its secrets are deleted from the system keychain, and the folder the bundle was unpacked into is deleted.'
            : 'Claude can no longer use its tools. Its secrets are deleted from the system keychain; the program itself stays installed.'}
        </Dialog>
      </Card>
    </div>
  )
}

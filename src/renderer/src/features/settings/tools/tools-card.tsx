import { useState } from 'react'
import type { McpServerView } from '@shared/mcp/channels'
import { Card } from '../../../components/card'
import { Dialog } from '../../../components/dialog'
import { AddServer } from './add-server'
import { ServerRow, type ServerActions } from './server-row'
import { useMcpOverview } from '../../../lib/hooks/use-mcp-overview'

/** Settings → Tools: MCP servers, their tools, and how Claude may use each. */
export function ToolsCard() {
  const { overview, problem, act } = useMcpOverview()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<McpServerView | null>(null)
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
    <Card
      title="MCP servers"
      description="Programs and services that give Claude more tools. A server runs with your permissions: add only ones you trust."
    >
      {overview && servers.length === 0 && !adding ? (
        <p className="text-sm text-muted">
          No servers yet. Add one by its command, paste a config, or import the servers you use in
          Claude Desktop.
        </p>
      ) : null}
      {servers.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="MCP servers">
          {servers.map((server) => (
            <ServerRow key={server.id} server={server} actions={actions} />
          ))}
        </ul>
      ) : null}
      {adding ? (
        <AddServer
          onAdd={(preview) => act((api) => api.mcp.addServers({ servers: preview.servers }))}
          onClose={() => setAdding(false)}
        />
      ) : (
        <div>
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Add a server…
          </button>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
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
        Claude can no longer use its tools. Its secrets are deleted from the system keychain; the
        program itself stays installed.
      </Dialog>
    </Card>
  )
}

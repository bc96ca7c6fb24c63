import type { McpOverview, McpServerView, McpToolApproval } from '@shared/mcp/channels'
import type { McpServerConfig, McpServerStatus } from '@shared/mcp/servers'
import type { McpHub } from '../hub'
import type { McpSignIn } from '../oauth/sign-in'
import { isSecretName, namedValues, type ServersState } from '../servers-file'

export interface OverviewDeps {
  state: () => ServersState
  hub: Pick<McpHub, 'status' | 'tools'>
  signIn?: Pick<McpSignIn, 'view'>
}

/** What Settings → Tools shows: each server, its state and tools, and how each tool is approved. */
export function mcpOverview(deps: OverviewDeps) {
  function approvalOf(server: string, tool: string): McpToolApproval {
    return deps.state().toolApproval[`${server}/${tool}`] ?? 'ask'
  }

  function signInOf(server: McpServerConfig): Pick<McpServerView, 'signIn'> {
    const signIn = deps.signIn?.view(server)
    return signIn ? { signIn } : {}
  }

  function overview(): McpOverview {
    const statuses = new Map(deps.hub.status().map((s) => [s.id, s]))
    const tools = deps.hub.tools()
    return {
      servers: deps.state().servers.map((server): McpServerView => ({
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

  return { overview, approvalOf }
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

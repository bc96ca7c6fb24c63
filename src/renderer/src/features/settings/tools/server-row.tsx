import type { McpServerView, McpToolApproval } from '@shared/mcp/channels'
import { whatRuns } from './command-line'
import { SignInButtons, SignInNote, type SignInActions } from './sign-in-controls'

const APPROVAL_WORDS: Record<McpToolApproval, string> = {
  ask: 'Ask every time',
  'once-per-chat': 'Ask once per chat',
  always: 'Always allow'
}

function stateWords(server: McpServerView): string {
  const { status } = server
  switch (status.state) {
    case 'disabled':
      return 'Off'
    case 'starting':
      return 'Starting…'
    case 'connected':
      return `Connected · ${status.tools} ${status.tools === 1 ? 'tool' : 'tools'}`
    case 'needs-sign-in':
      return 'Needs sign-in'
    case 'failed':
      return 'Not running'
  }
}

export interface ServerActions extends SignInActions {
  setEnabled(id: string, enabled: boolean): void
  restart(id: string): void
  remove(server: McpServerView): void
  setApproval(server: string, tool: string, approval: McpToolApproval): void
}

/** One server: what runs, how it is doing, its tools and how each is approved. */
export function ServerRow({ server, actions }: { server: McpServerView; actions: ServerActions }) {
  const { status } = server
  return (
    <li className="mcp-server" aria-label={server.name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="mr-auto font-medium">{server.name}</p>
        <span className={`mcp-state mcp-state--${status.state}`} data-testid="mcp-state">
          {stateWords(server)}
        </span>
        <SignInButtons server={server} actions={actions} />
        <button
          type="button"
          className="button button--quiet"
          onClick={() => actions.setEnabled(server.id, !server.enabled)}
        >
          {server.enabled ? 'Turn off' : 'Turn on'}
        </button>
        {server.enabled ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => actions.restart(server.id)}
          >
            Restart
          </button>
        ) : null}
        <button
          type="button"
          className="button button--quiet"
          onClick={() => actions.remove(server)}
        >
          Remove
        </button>
      </div>
      {server.bundle ? (
        <p className="text-xs text-muted">
          From the bundle {server.bundle.name} {server.bundle.version}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        {server.transport.type === 'stdio' ? 'Runs ' : 'Connects to '}
        <code className="break-all">{whatRuns(server.transport)}</code>
      </p>
      <SignInNote server={server} />
      {status.error ? (
        <div role="alert" className="text-sm text-danger">
          <p>{status.error}</p>
          {status.stderrTail.length > 0 ? (
            <details>
              <summary>What the server printed last</summary>
              <pre className="mcp-stderr">{status.stderrTail.join('\n')}</pre>
            </details>
          ) : null}
        </div>
      ) : null}
      {server.tools.length > 0 ? (
        <details className="mcp-tools">
          <summary>
            {server.tools.length} {server.tools.length === 1 ? 'tool' : 'tools'}, and how Claude may
            use {server.tools.length === 1 ? 'it' : 'them'}
          </summary>
          <ul className="flex flex-col gap-1">
            {server.tools.map((tool) => (
              <li key={tool.name} className="mcp-tool">
                <div className="min-w-0">
                  <p className="font-mono text-sm">{tool.title ?? tool.name}</p>
                  {tool.description ? (
                    <p className="line-clamp-2 text-xs text-muted" title={tool.description}>
                      {tool.description}
                    </p>
                  ) : null}
                </div>
                <select
                  className="input"
                  aria-label={`When Claude uses ${tool.title ?? tool.name}`}
                  value={tool.approval}
                  onChange={(e) =>
                    actions.setApproval(server.id, tool.name, e.target.value as McpToolApproval)
                  }
                >
                  {(Object.keys(APPROVAL_WORDS) as McpToolApproval[]).map((approval) => (
                    <option key={approval} value={approval}>
                      {APPROVAL_WORDS[approval]}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  )
}

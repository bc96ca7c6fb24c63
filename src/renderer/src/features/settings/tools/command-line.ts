import type { McpServerDraft, McpServerView } from '@shared/mcp/channels'

/** A server's command line exactly as it runs (arguments with spaces quoted), or its address. */
export function whatRuns(
  transport: McpServerDraft['transport'] | McpServerView['transport']
): string {
  if (transport.type === 'http') return transport.url
  return [transport.command, ...transport.args].map(quoted).join(' ')
}

function quoted(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`
}

/**
 * The server and tool an API tool name (`mcp__<server>__<tool>`) names, for showing a saved call;
 * null for a name that is not an MCP tool's. A server id has no `__`, so the first one after the
 * prefix splits them.
 */
export function mcpToolOf(name: string): { server: string; tool: string } | null {
  const match = /^mcp__([a-z0-9-]+)__(.+)$/.exec(name)
  return match ? { server: match[1]!, tool: match[2]! } : null
}

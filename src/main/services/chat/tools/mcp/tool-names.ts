import { createHash } from 'node:crypto'

/*
 * What Claude calls an MCP tool: `mcp__<server>__<tool>`, as Claude Code names them, so two
 * servers' `search` tools stay apart and none can take the name `memory`. The API takes names of
 * 1–64 letters, digits, `_` and `-`: other characters become `_`, and a name too long keeps its
 * start and a short hash of the whole, so it stays one name for one tool.
 */

const MAX = 64
const PREFIX = 'mcp__'

export function apiToolName(server: string, tool: string): string {
  const name = `${PREFIX}${clean(server)}__${clean(tool)}`
  if (name.length <= MAX) return name
  const hash = createHash('sha256').update(`${server}\0${tool}`).digest('hex').slice(0, 8)
  return `${name.slice(0, MAX - hash.length - 1)}_${hash}`
}

function clean(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_')
}

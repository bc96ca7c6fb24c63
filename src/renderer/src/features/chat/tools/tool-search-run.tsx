import { Search } from 'lucide-react'
import type { AssistantBlock, ServerToolUseBlock } from '@shared/chat/chat'
import { mcpToolOf } from '@shared/mcp/tool-name'

/*
 * A tool search Claude ran (Anthropic's tool search tool, over this chat's MCP tools), inline
 * where it happened: what it looked for, and the tools it found (each `tool` on `server`).
 */

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The tools a search found, or why it could not search. */
function foundOf(result: AssistantBlock | undefined): { names: string[]; error: string | null } {
  const content = result && 'content' in result ? (result as Json).content : null
  if (!isObject(content)) return { names: [], error: null }
  if (typeof content.error_code === 'string')
    return { names: [], error: content.error_code.replaceAll('_', ' ') }
  const refs = Array.isArray(content.tool_references) ? content.tool_references : []
  return {
    names: refs.filter(isObject).map((r) => String(r.tool_name)),
    error: null
  }
}

function shown(name: string): string {
  const mcp = mcpToolOf(name)
  return mcp ? `${mcp.tool} (${mcp.server})` : name
}

export function ToolSearchRun({
  block,
  content
}: {
  block: ServerToolUseBlock
  content: readonly AssistantBlock[]
}) {
  const result = content.find(
    (b) => b.type === 'tool_search_tool_result' && b.tool_use_id === block.id
  )
  const asked = block.input.query ?? block.input.pattern
  const { names, error } = foundOf(result)
  return (
    <details className="my-1 text-xs text-muted">
      <summary className="flex cursor-pointer items-center gap-1.5">
        <Search size={13} aria-hidden className="shrink-0" />
        Searched the tools for “{typeof asked === 'string' ? asked : ''}”
        {error ? ` (${error})` : ` · found ${names.length}`}
      </summary>
      {names.length > 0 ? (
        <ul className="mt-1 ml-5 flex list-disc flex-col gap-0.5">
          {names.map((name) => (
            <li key={name}>{shown(name)}</li>
          ))}
        </ul>
      ) : null}
    </details>
  )
}

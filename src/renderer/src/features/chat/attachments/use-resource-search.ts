import { useEffect, useMemo, useState } from 'react'
import type { McpResourceList } from '@shared/mcp/prompts'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

export const SHOWN_MAX = 100

/**
 * The resources of this chat's MCP servers, read once, and the search over them: what matches, the
 * first SHOWN_MAX of it, the active option, and what could not be read.
 */
export function useResourceSearch(conversationId: string) {
  const [list, setList] = useState<McpResourceList | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  useEffect(() => {
    let live = true
    call((api) => api.mcp.listResources({ conversationId })).then(
      (next) => live && setList(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    return () => {
      live = false
    }
  }, [conversationId])
  const found = useMemo(() => {
    const q = query.trim().toLowerCase()
    return (list?.resources ?? []).filter((r) =>
      [r.name, r.title ?? '', r.uri, r.serverName].some((s) => s.toLowerCase().includes(q))
    )
  }, [list, query])
  // A server may list thousands: the first ones are shown, the search finds the rest.
  const matches = found.slice(0, SHOWN_MAX)
  const current = Math.min(active, Math.max(0, matches.length - 1))
  const problems = [...(list?.problems ?? []), ...(problem ? [problem] : [])]
  return { list, problem, query, setQuery, found, matches, current, setActive, problems }
}

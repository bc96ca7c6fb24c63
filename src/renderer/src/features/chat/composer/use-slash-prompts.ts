import { useCallback, useEffect, useMemo, useState } from 'react'
import type { McpPromptInfo, McpPromptList } from '@shared/mcp/prompts'
import { call, onEvent } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

/** What a slash command is called in the composer: `/server:prompt`. */
export function commandOf(prompt: McpPromptInfo): string {
  return `/${prompt.server}:${prompt.name}`
}

/** `/` and a word at the very start of the message (nothing else typed yet). */
const SLASH = /^\/(\S*)$/

/**
 * The composer's slash commands: while the message is `/` and a word, the prompts of the chat's
 * MCP servers that match it, one of them active (moved with the arrow keys). Escape dismisses
 * the list for what is typed; it comes back once the text changes.
 */
export function useSlashPrompts(conversationId: string, text: string) {
  const query = SLASH.exec(text)?.[1]
  const [dismissed, setDismissed] = useState<string | null>(null)
  const open = query !== undefined && dismissed !== text
  const [list, setList] = useState<McpPromptList | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // The active option belongs to what was typed: a new letter starts again at the top.
  const [picked, setPicked] = useState({ query, index: 0 })

  // Read when the list opens and again whenever the servers change while it is open.
  useEffect(() => {
    if (!open) return
    let live = true
    const read = () =>
      call((api) => api.mcp.listPrompts({ conversationId })).then(
        (next) => {
          if (!live) return
          setList(next)
          setProblem(null)
        },
        (failure: unknown) => live && setProblem(toShownError(failure).message)
      )
    void read()
    const off = onEvent('mcp:changed', () => void read())
    return () => {
      live = false
      off()
    }
  }, [open, conversationId])

  const matches = useMemo(() => {
    if (!open || !list) return []
    const q = (query ?? '').toLowerCase()
    return list.prompts.filter((p) =>
      [commandOf(p).slice(1), p.title ?? '', p.serverName].some((s) => s.toLowerCase().includes(q))
    )
  }, [open, list, query])
  const current = Math.min(
    picked.query === query ? picked.index : 0,
    Math.max(0, matches.length - 1)
  )
  const setActive = useCallback((index: number) => setPicked({ query, index }), [query])
  const move = (by: number) => {
    const n = matches.length
    setActive(n === 0 ? 0 : (current + by + n) % n)
  }

  return {
    open,
    /** null until the first list is in. */
    loaded: list !== null,
    matches,
    problems: [...(list?.problems ?? []), ...(problem ? [problem] : [])],
    active: current,
    setActive,
    move,
    dismiss: () => setDismissed(text)
  }
}

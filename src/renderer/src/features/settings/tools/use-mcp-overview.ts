import { useEffect, useState } from 'react'
import type { McpOverview } from '@shared/mcp/channels'
import { call, onEvent } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

/** The MCP servers as main has them, kept current by `mcp:changed`. */
export function useMcpOverview() {
  const [overview, setOverview] = useState<McpOverview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    call((api) => api.mcp.overview()).then(
      (next) => live && setOverview(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    let off: () => void = () => undefined
    try {
      off = onEvent('mcp:changed', setOverview)
    } catch {
      // Outside Cairn (no bridge): the overview call above has already said so.
    }
    return () => {
      live = false
      off()
    }
  }, [])

  /** Runs a call that answers the new overview; a failure is said under the card. */
  const act = (run: Parameters<typeof call<McpOverview>>[0]): Promise<boolean> => {
    setProblem(null)
    return call(run).then(
      (next) => {
        setOverview(next)
        return true
      },
      (failure: unknown) => {
        setProblem(toShownError(failure).message)
        return false
      }
    )
  }
  return { overview, problem, setProblem, act }
}

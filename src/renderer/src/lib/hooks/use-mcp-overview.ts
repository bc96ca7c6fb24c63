import type { McpOverview } from '@shared/mcp/channels'
import { call } from '../api'
import { toShownError } from '../errors'
import { useMainState } from './use-main-state'

/** The MCP servers as main has them, kept current by `mcp:changed`. */
export function useMcpOverview() {
  const { state, setState, problem, setProblem } = useMainState(
    (api) => api.mcp.overview(),
    'mcp:changed'
  )

  /** Runs a call that answers the new overview; a failure is said under the card. */
  const act = (run: Parameters<typeof call<McpOverview>>[0]): Promise<boolean> => {
    setProblem(null)
    return call(run).then(
      (next) => {
        setState(next)
        return true
      },
      (failure: unknown) => {
        setProblem(toShownError(failure).message)
        return false
      }
    )
  }
  return { overview: state, problem, setProblem, act }
}

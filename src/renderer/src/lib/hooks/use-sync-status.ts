import { useMainState } from './use-main-state'

/** Sync's status, kept current by `sync:changed` (Settings → Sync and the memory inspector). */
export function useSyncStatus() {
  const { state, setState, problem, setProblem } = useMainState(
    (api) => api.sync.status(),
    'sync:changed'
  )
  return { status: state, setStatus: setState, problem, setProblem }
}

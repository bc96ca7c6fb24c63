import type { Logger } from '../log/logger'
import { describeUpdateError, type UpdateStep } from './describe-error'
import type { UpdaterEvent } from './port'
import { plainReleaseNotes } from './release-notes'
import { UNSUPPORTED, type UpdateState } from './update-state'

export interface UpdaterEventsDeps {
  state: UpdateState
  log: Pick<Logger, 'info' | 'warn'>
  startDownload: () => void
  /** The updater does not run here: no more checks on the timer. */
  stopTimer: () => void
  /** Something failed: a restart asked for waits no longer. */
  restartFailed: () => void
}

/** What each of the updater's events does to the update state. */
export function updaterEventHandler(deps: UpdaterEventsDeps): (event: UpdaterEvent) => void {
  const { state, log } = deps
  const stepOf = (): UpdateStep => {
    const { kind } = state.phase()
    return kind === 'ready' ? 'install' : kind === 'checking' ? 'check' : 'download'
  }

  return (event) => {
    switch (event.type) {
      case 'checking':
        if (!state.busy()) state.enter({ kind: 'checking' })
        return
      case 'not-available':
        state.checked(null)
        state.enter({ kind: 'not-available' })
        return
      case 'available': {
        const found = { version: event.version, notes: plainReleaseNotes(event.notes) }
        state.checked(found)
        const { mode } = state.settings()
        log.info('update available', { version: event.version, mode })
        // Only "auto" downloads on its own; "notify" and a manual check with updates off wait.
        if (mode === 'auto') deps.startDownload()
        else state.enter({ kind: 'available', ...found })
        return
      }
      case 'progress':
        return progressed(state, event)
      case 'downloaded': {
        const notes = plainReleaseNotes(event.notes) ?? state.found()?.notes ?? null
        log.info('update downloaded', { version: event.version })
        state.enter({ kind: 'ready', version: event.version, notes, waitingForReply: false })
        return
      }
      case 'inactive':
        log.info('the updater does not run in this copy of Cairn')
        deps.stopTimer()
        state.enter(UNSUPPORTED)
        return
      case 'error': {
        const step = stepOf()
        log.warn('update failed', {
          step,
          code: event.code,
          status: event.status,
          error: event.message
        })
        if (step === 'check') state.checked()
        deps.restartFailed()
        state.enter({
          kind: 'error',
          during: step,
          ...describeUpdateError(event, step, state.settings().channel)
        })
        return
      }
    }
  }
}

/** A download's progress, told once per whole percent. */
function progressed(state: UpdateState, event: Extract<UpdaterEvent, { type: 'progress' }>): void {
  const phase = state.phase()
  if (phase.kind !== 'downloading' && phase.kind !== 'available') return
  const percent = Math.max(0, Math.min(100, Math.floor(event.percent)))
  if (phase.kind === 'downloading' && phase.percent === percent) return
  const { version, notes } = phase
  const { transferred, total } = event
  state.enter({ kind: 'downloading', version, notes, percent, transferred, total })
}

import type { UpdatePhase, UpdateSettings, UpdateStatus } from '@shared/app/updates'
import { Emitter } from '../events/emitter'

/*
 * The one owner of the update state: the settings in force, the phase, when the last check ended
 * and what it found. Others read it and change it only through the operations below; each change
 * the page should see is told to the status listeners.
 */

export const DEVELOPMENT: UpdatePhase = {
  kind: 'off',
  reason: 'development',
  message: 'Updates are off: this is a development build. Packaged releases update themselves.'
}
export const UNSUPPORTED: UpdatePhase = {
  kind: 'off',
  reason: 'unsupported',
  message:
    'This copy of Cairn cannot update itself (on Linux only the AppImage and the .deb package can). Download new versions from the releases page.'
}
export const TURNED_OFF: UpdatePhase = {
  kind: 'off',
  reason: 'setting',
  message: 'Updates are off: Cairn does not check for new versions. Check now still asks once.'
}

/** What a check found: kept so a failed download can be tried again. */
export interface FoundUpdate {
  version: string
  notes: string | null
}

export function createUpdateState(deps: {
  currentVersion: string
  settings: UpdateSettings
  now: () => number
}) {
  let settings = deps.settings
  let phase: UpdatePhase = DEVELOPMENT
  let checkedAt: number | null = null
  let found: FoundUpdate | null = null
  const statuses = new Emitter<UpdateStatus>()

  const status = (): UpdateStatus => ({
    currentVersion: deps.currentVersion,
    mode: settings.mode,
    channel: settings.channel,
    checkedAt,
    phase
  })
  const emit = (): void => statuses.emit(status())

  return {
    status,
    /** Tells the listeners the status as it is. */
    emit,
    onStatus: (listener: (status: UpdateStatus) => void) => statuses.on(listener),
    phase: (): UpdatePhase => phase,
    settings: (): UpdateSettings => settings,
    found: (): FoundUpdate | null => found,
    /** Busy phases a check must not interrupt (and the timer skips). */
    busy: (): boolean =>
      phase.kind === 'checking' || phase.kind === 'downloading' || phase.kind === 'ready',
    /** Moves to `next` and tells the listeners. */
    enter(next: UpdatePhase): void {
      phase = next
      emit()
    },
    /** Moves to `next` without telling: what follows at once tells. */
    setPhase(next: UpdatePhase): void {
      phase = next
    },
    useSettings(next: UpdateSettings): void {
      settings = next
    },
    /** A check ended now; `result` is what it found (null: nothing, or unknown after a failure). */
    checked(result?: FoundUpdate | null): void {
      checkedAt = deps.now()
      if (result !== undefined) found = result
    },
    clearListeners: () => statuses.clear()
  }
}

export type UpdateState = ReturnType<typeof createUpdateState>

import { useEffect, useRef, useState } from 'react'
import type { HistoryVersion } from '@shared/memory/history'
import type { MemoryFile } from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { errorText, notKeptWhy } from '../change-words'
import { isDirty, type DraftStore } from '../file/draft-store'
import { useHistoryChanges } from '../memory-changes'
import { historyOf, restoreVersion, versionText } from './history-api'

export interface Loaded {
  versions: HistoryVersion[]
  current: MemoryFile
}

/** The selected version's text, or why there is none. */
export type Picked = { seq: number } & (
  | { state: 'loading' }
  /** `before`: the text the change started from ('' for no file; null when history lacks it). */
  | { state: 'text'; text: string; before: string | null }
  | { state: 'none'; why: string }
)

/** The file's versions and its current text, read again whenever a change names it. */
export function useFileHistory(space: SpaceId, path: string) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  /** Bumped after a forget, so the list shows what history still holds. */
  const [reload, setReload] = useState(0)
  const changes = useHistoryChanges(path)
  /** Whether the pane has shown this file yet: later reads only keep up (no access marked). */
  const opened = useRef(false)

  useEffect(() => {
    let live = true
    const refresh = opened.current
    opened.current = true
    Promise.all([
      historyOf(space, path),
      call((api) => api.memory.read({ space, path, refresh }))
    ]).then(
      ([versions, current]) => {
        if (!live) return
        setLoaded({ versions, current })
        setError(null)
      },
      (failure: unknown) => {
        if (live) setError(toShownError(failure))
      }
    )
    return () => {
      live = false
    }
  }, [space, path, changes, reload])

  return { loaded, error, setError, reload: () => setReload((n) => n + 1) }
}

/**
 * The version chosen in the list and its text (with the text it started from). `onRead` runs as
 * a stored version's text starts loading.
 */
export function usePickedVersion(space: SpaceId, onRead: () => void) {
  const [picked, setPicked] = useState<Picked | null>(null)

  function select(v: HistoryVersion): void {
    if (v.hash === null) {
      setPicked({ seq: v.seq, state: 'none', why: 'There was no file here at this point.' })
      return
    }
    if (!v.stored) {
      const why = v.notKept
        ? notKeptWhy(v.notKept, v.size)
        : 'History keeps only a fingerprint of this version (it was too big), not its text.'
      setPicked({ seq: v.seq, state: 'none', why })
      return
    }
    setPicked({ seq: v.seq, state: 'loading' })
    onRead()
    const before =
      v.before === null ? Promise.resolve('') : versionText(space, v.before).catch(() => null)
    Promise.all([versionText(space, v.hash), before]).then(
      ([text, was]) =>
        setPicked((p) => (p?.seq === v.seq ? { seq: v.seq, state: 'text', text, before: was } : p)),
      (failure: unknown) =>
        setPicked((p) =>
          p?.seq === v.seq
            ? { seq: v.seq, state: 'none', why: errorText(toShownError(failure)) }
            : p
        )
    )
  }

  return { picked, select, clear: () => setPicked(null) }
}

/**
 * Restoring a version: written at once, or asked first when the editor holds unsaved edits (a
 * restore writes over them). The draft goes only once the restore is on disk.
 */
export function useRestore(options: {
  space: SpaceId
  path: string
  drafts: DraftStore
  /** The file's hash as shown (undefined until read): a restore over a newer change fails. */
  currentHash: string | undefined
  onRestored(): void
  onFailed(error: ShownError): void
}) {
  const { space, path, drafts } = options
  /** A restore waiting for the user's answer about their unsaved edits. */
  const [asking, setAsking] = useState<{ version: HistoryVersion | null; text: string } | null>(
    null
  )

  async function restore(text: string): Promise<void> {
    if (options.currentHash === undefined) return
    try {
      await restoreVersion(space, path, text, options.currentHash)
      // Only once the restore is on disk: a failed one leaves the edits where they were.
      drafts.drop(path)
      options.onRestored()
    } catch (failure) {
      options.onFailed(toShownError(failure))
    }
  }

  return {
    asking,
    ask(version: HistoryVersion | null, text: string): void {
      if (isDirty(drafts.get(path))) setAsking({ version, text })
      else void restore(text)
    },
    /** The user let their edits go: the restore asked about goes ahead. */
    confirm(): void {
      const text = asking?.text
      setAsking(null)
      if (text !== undefined) void restore(text)
    },
    dismiss: () => setAsking(null)
  }
}

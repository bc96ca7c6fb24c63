import type { ChannelName, EventName } from '@shared/contract'
import type { TidyBatch } from '@shared/tidy/batch'
import type { TidyProgress, TidyProposal } from '@shared/tidy/tidy'

type Handler = (input: unknown) => unknown

/** The session id the fake tidy hands out (a uuid, as main's). */
export const FAKE_TIDY_SESSION = '00000000-0000-4000-8000-00000000a11d'

/**
 * Memory → Tidy… over a fake main: an estimate, a start that answers with one session id, and the
 * proposal that `ready()` makes available (announced with `tidy:progress`, as main does).
 */
export function createFakeTidy(emit: (event: EventName, payload: unknown) => void) {
  let proposal: TidyProposal | null = null
  /** The tidy main holds open (`tidy:current`), as the last progress left it. */
  let current: TidyProgress | null = null
  const progress = (stage: 'working' | 'ready', changes: number) => {
    current = { space: 'default', sessionId: FAKE_TIDY_SESSION, stage, turns: 1, changes }
    emit('tidy:progress', current)
  }
  let batch: TidyBatch | null = null
  const setBatch = (next: TidyBatch | null) => {
    batch = next
    emit('tidy:batch-changed', { space: 'default', batch: next })
  }
  const handlers: Partial<Record<ChannelName, Handler>> = {
    'tidy:estimate': (input) => {
      const batched = (input as { mode?: string }).mode === 'batch'
      return {
        model: 'claude-haiku-4-5',
        models: [{ id: 'claude-haiku-4-5', name: 'Haiku 4.5', inputPerMTok: 1, fits: true }],
        files: 1,
        bytes: 10,
        inputTokens: 100,
        // The batch price is half the live one.
        inputCost: batched ? 0.00005 : 0.0001,
        note: 'A floor.'
      }
    },
    'tidy:batch-start': () => {
      setBatch({
        space: 'default',
        batchId: 'msgbatch_01fake',
        model: 'claude-haiku-4-5',
        focus: '',
        sentAt: '2026-11-28T04:00:00Z',
        status: 'waiting',
        text: 'Tidy running as a batch: ready for review in a few hours (at most a day). Nothing changes until you review it.'
      })
      return batch
    },
    'tidy:batch': () => batch,
    'tidy:batch-review': () => ({ sessionId: FAKE_TIDY_SESSION }),
    'tidy:batch-clear': () => {
      const had = batch !== null
      setBatch(null)
      return { cleared: had }
    },
    'tidy:start': () => ({ sessionId: FAKE_TIDY_SESSION }),
    'tidy:proposal': () => {
      if (!proposal) throw new Error('not ready')
      return proposal
    },
    'tidy:current': () => current,
    'tidy:cancel': () => {
      current = null
      return { cancelled: true }
    }
  }
  return {
    handlers,
    /** Claude has planned `changes` so far. */
    working: (changes: number) => progress('working', changes),
    /** The space's batch moves on (ended, failed), as main's poll finds it. */
    batch(next: TidyBatch | null, ready?: TidyProposal) {
      if (ready) proposal = ready
      setBatch(next)
    },
    /** The proposal is ready: the renderer hears it and asks for it. */
    ready(next: TidyProposal) {
      proposal = next
      progress('ready', next.changes.length)
    }
  }
}

/**
 * A ready proposal of one change, for `ready()` or `batch()`: Claude deletes `path` (its text
 * `before`, a duplicate) for `reason`, out of a folder of `folderFiles`.
 */
export function duplicateDeleted({
  path,
  before,
  reason,
  folderFiles
}: {
  path: string
  before: string
  reason: string
  folderFiles: number
}): TidyProposal {
  return {
    sessionId: FAKE_TIDY_SESSION,
    space: 'default',
    model: 'claude-haiku-4-5',
    focus: '',
    summary: 'One duplicate merged.',
    changes: [
      { id: 1, command: 'delete', path, reason, preview: { before, after: null }, needs: [] }
    ],
    files: [{ path, changeIds: [1], before, after: null, forgotten: [] }],
    totals: {
      before: { files: folderFiles, bytes: 10, shareOfFiles: 0.001, shareOfBytes: 0.001 },
      after: { files: folderFiles - 1, bytes: 5, shareOfFiles: 0.0005, shareOfBytes: 0.0005 }
    }
  }
}

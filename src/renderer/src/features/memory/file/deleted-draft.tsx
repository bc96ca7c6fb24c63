import { useEffect } from 'react'
import { FileX2, Save, Trash2 } from 'lucide-react'
import type { ActivityActor } from '@shared/memory/memory'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { call } from '../../../lib/api'
import { namesPath } from '../memory-changes'
import { memoryDataFor } from '../memory-data-store'
import { useMemorySpace } from '../memory-space'
import { relativePath } from '../memory-paths'
import type { DraftStore } from './draft-store'

export function isNotFound(failure: unknown): boolean {
  return (failure as { code?: unknown } | null)?.code === 'MEMORY_NOT_FOUND'
}

/**
 * Watches the files that have drafts: when a change names one, it is read again; gone means its
 * draft is marked deleted (and kept), there again means the mark goes. Every draft is watched,
 * not only the open one, so edits to a file the user left are not orphaned either.
 */
export function useDraftDeletions(store: DraftStore): void {
  const space = useMemorySpace()
  useEffect(() => {
    // The newest read per path wins: reads may finish out of order.
    const latest = new Map<string, number>()
    let reads = 0
    return memoryDataFor(space).onChange((change) => {
      for (const path of store.unsaved()) {
        if (!store.get(path) || !namesPath(change, path)) continue
        const read = ++reads
        latest.set(path, read)
        call((api) => api.memory.read({ space, path, refresh: true })).then(
          () => {
            if (latest.get(path) === read) store.clearDeleted(path)
          },
          (failure: unknown) => {
            if (latest.get(path) === read && isNotFound(failure))
              store.markDeleted(path, change.actor)
          }
        )
      }
    })
  }, [store, space])
}

/** Who took the file away, in the words the message starts with. */
export function deletedWords(name: string, by: ActivityActor | undefined): string {
  switch (by?.kind) {
    case 'claude':
      return `Claude deleted ${name}`
    case 'system':
      return `${name} expired and left the folder`
    case 'user':
      return `${name} was deleted in Cairn`
    case 'external':
      return by.device
        ? `${name} was deleted on ${by.device} (sync)`
        : `${name} was deleted outside Cairn`
    default:
      return `${name} is no longer on disk`
  }
}

interface Props {
  path: string
  by: ActivityActor | undefined
  /** Shown where the draft is not open: takes the user to it. */
  onOpen?(): void
  /** Shown with the draft open: writes it back as the file. */
  onSave?(): void
  saving?: boolean
  onDiscard(): void
}

/** A file deleted under unsaved edits: the edits stay, with a way to save them back or let go. */
export function DeletedDraftMessage({ path, by, onOpen, onSave, saving, onDiscard }: Props) {
  const name = relativePath(path)
  return (
    <Message
      tone="warning"
      role="region"
      label={`Unsaved draft of ${name}`}
      icon={FileX2}
      summary={
        <>
          <span className="font-medium">{deletedWords(name, by)}.</span>{' '}
          <span className="text-muted">Your unsaved edits are kept here, not on disk.</span>
        </>
      }
      actions={
        <>
          {onOpen ? (
            <button type="button" className={MESSAGE_BUTTON} onClick={onOpen}>
              Open the draft
            </button>
          ) : null}
          {onSave ? (
            <button type="button" className={MESSAGE_BUTTON} disabled={saving} onClick={onSave}>
              <Save size={16} aria-hidden />
              Save it again
            </button>
          ) : null}
          <button type="button" className={MESSAGE_BUTTON} onClick={onDiscard}>
            <Trash2 size={16} aria-hidden />
            Discard draft
          </button>
        </>
      }
    />
  )
}

import { useEffect } from 'react'
import { FileQuestion } from 'lucide-react'
import type { MemoryEntry } from '@shared/memory/memory'
import { baseName } from '../memory-paths'

interface Props {
  /** The path a link or a chat chip asked to show. */
  path: string
  entries: readonly MemoryEntry[] | null
  /** Loads the next page of the tree, when there is one: the file may be further down. */
  loadMore: (() => void) | null
  onSearch(name: string): void
  onClose(): void
}

/**
 * What the File pane says when a link (cairn://memory/…) or a chip names a file that is not in
 * the folder: that it is not there, why it may be so, and what to do, instead of a blank pane.
 */
export function MissingFile({ path, entries, loadMore, onSearch, onClose }: Props) {
  const folder = entries?.some((e) => e.path === path && e.kind === 'dir') ?? false
  // Not in the pages loaded so far: look further before saying it is not there.
  const looking = entries === null || (!folder && loadMore !== null)
  useEffect(() => {
    if (looking) loadMore?.()
  }, [looking, loadMore])
  if (looking) return <p className="p-8 text-center text-muted">Loading…</p>

  const name = baseName(path)
  return (
    <div
      role="status"
      className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center"
    >
      <FileQuestion size={28} className="text-muted" aria-hidden />
      {folder ? (
        <p>
          <span className="font-mono">{path}</span> is a folder. Choose a file in it on the left.
        </p>
      ) : (
        <p>
          <span className="font-mono">{path}</span> is not in memory: it may have been renamed or
          deleted.
        </p>
      )}
      <div className="flex gap-2">
        {folder ? null : (
          <button type="button" className="button" onClick={() => onSearch(name)}>
            Search memory for {name}
          </button>
        )}
        <button type="button" className="button button--quiet" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

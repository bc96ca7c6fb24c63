import { forwardRef, type KeyboardEvent, type ReactNode } from 'react'
import type { ListProps } from 'react-virtuoso'
import { rowDetails } from './tree-row'
import type { TreeRow } from './tree-rows'

/** What the tree hands Virtuoso's list and footer. */
export interface TreeContext {
  label: string
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void
  footer: ReactNode
}

/** Virtuoso's list element, as the ARIA tree (its rows are the treeitems, flat, with levels). */
export const TreeList = forwardRef<HTMLDivElement, ListProps & { context?: TreeContext }>(
  function TreeList({ children, style, context }, ref) {
    return (
      <div
        ref={ref}
        style={style}
        role="tree"
        aria-label={context?.label}
        onKeyDown={context?.onKeyDown}
      >
        {children}
      </div>
    )
  }
)

export function TreeFooter({ context }: { context?: TreeContext }) {
  return context?.footer ?? null
}

/** Under the last loaded row: the next page, and how many are not shown yet. */
export function ShowMore({
  onMore,
  loaded,
  total
}: {
  onMore(): void
  loaded: number
  total: number | undefined
}) {
  return (
    <div className="px-1.5 pb-1.5">
      <button
        type="button"
        onClick={onMore}
        className="w-full rounded-control py-1.5 text-center text-sm text-accent hover:bg-fg/5"
      >
        Show more
        {total !== undefined && total > loaded
          ? ` (${(total - loaded).toLocaleString()} not shown)`
          : ''}
      </button>
    </div>
  )
}

/** The line under the tree: the details of the row pointed at or focused, else how to move. */
export function RowDetailsLine({ id, shown }: { id: string; shown: TreeRow | undefined }) {
  return (
    <p
      id={id}
      // Two lines, always: a height that changed with the text would move the rows.
      title={shown ? rowDetails(shown) : undefined}
      className="h-[calc(2lh+0.75rem+1px)] line-clamp-2 shrink-0 border-t border-line px-3 py-1.5 text-xs break-words text-muted"
    >
      {shown ? (
        <>
          <span className="font-medium text-fg">{shown.name}</span>
          {' · '}
          {rowDetails(shown)}
        </>
      ) : (
        'Arrow keys move, ← → close and open folders, typing a name jumps to it.'
      )}
    </p>
  )
}

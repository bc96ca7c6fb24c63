import { useId, useMemo, useState } from 'react'
import { Virtuoso } from 'react-virtuoso'
import type { MemoryEntry } from '@shared/memory/memory'
import { ROW_HEIGHT, TreeRowItem } from './tree/tree-row'
import { buildTree, visibleRows, type TreeRow } from './tree/tree-rows'
import { RowDetailsLine, ShowMore, TreeFooter, TreeList, type TreeContext } from './tree/tree-list'
import { useActiveRow } from './tree/use-active-row'
import { useCollapsedFolders } from './tree/use-collapsed-folders'
import { useTreeKeys } from './tree/use-tree-keys'
import { useTreeScroll } from './tree/use-tree-scroll'

interface Props {
  entries: MemoryEntry[]
  selected: string | null
  fresh: ReadonlySet<string>
  onSelect(path: string): void
  /** Entries in the whole folder; more than `entries` when only some pages are loaded. */
  total?: number
  /** Loads the next page (null or absent on the last one). */
  onMore?: (() => void) | null
}

/** Rows rendered before the tree is measured (the view may still be hidden). */
const FIRST_ROWS = 40

/**
 * The memory folder as a file tree (the WAI-ARIA tree pattern): folders open and close (and stay
 * as the user left them), one line per entry with its details on hover or focus, names in natural
 * order, arrow keys and typed names to move. Only the rows in view are in the DOM, so a folder
 * of 10,000 files scrolls like one of ten.
 */
export function MemoryTree({ entries, selected, fresh, onSelect, total, onMore }: Props) {
  const top = useMemo(() => buildTree(entries), [entries])
  const folders = useCollapsedFolders()
  const { collapsed, setOpen } = folders
  const rows = useMemo(() => visibleRows(top, collapsed), [top, collapsed])
  const indexOf = useMemo(() => new Map(rows.map((row, at) => [row.path, at])), [rows])
  const [hovered, setHovered] = useState<string | null>(null)
  const [focused, setFocused] = useState(false)
  const detailsId = useId()
  const { virtuoso, takeScroller, reveal } = useTreeScroll(selected, indexOf)
  const active = useActiveRow({
    rows,
    indexOf,
    selected,
    folders,
    reveal,
    // The keys lead now: the details follow the focus, not where the pointer was left.
    onKeyMove: () => setHovered(null)
  })
  const { activeIndex } = active
  const pick = (row: TreeRow) => {
    active.setActivePath(row.path)
    if (row.entry?.unreachable) return
    if (row.kind === 'dir') setOpen([row.path], !row.expanded)
    else onSelect(row.path)
  }
  const onKeyDown = useTreeKeys({
    rows,
    indexOf,
    activeIndex,
    moveTo: active.moveTo,
    pick,
    setOpen
  })

  if (entries.length === 0)
    return <p className="px-3 py-6 text-center text-muted">No memory files yet.</p>

  const shownPath = hovered ?? (focused ? (rows[activeIndex]?.path ?? null) : null) ?? selected
  const shown = shownPath === null ? undefined : rows[indexOf.get(shownPath) ?? -1]
  const footer = onMore ? <ShowMore onMore={onMore} loaded={entries.length} total={total} /> : null

  return (
    <div
      className="flex h-full min-h-0 flex-col"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <Virtuoso<TreeRow, TreeContext>
        ref={virtuoso}
        scrollerRef={takeScroller}
        className="min-h-0 flex-1"
        // The rows take the focus (one tab stop, roving), not the scroller around them.
        tabIndex={-1}
        data={rows}
        // Rendered while the Memory view is still hidden (mounted ahead, measured as 0 high), so
        // its first frame shows the files; remounted once the first rows arrive for the same.
        key={rows.length > 0 ? 'rows' : 'none'}
        initialItemCount={Math.min(rows.length, FIRST_ROWS)}
        fixedItemHeight={ROW_HEIGHT}
        increaseViewportBy={ROW_HEIGHT * 10}
        context={{ label: 'Memory files', onKeyDown, footer }}
        components={{ List: TreeList, Footer: TreeFooter }}
        computeItemKey={(_, row) => row.path}
        // Scrolled to the end of the pages loaded: the next one comes by itself.
        endReached={onMore ? () => onMore() : undefined}
        itemContent={(at, row) => (
          <TreeRowItem
            row={row}
            active={at === activeIndex}
            selected={row.path === selected}
            fresh={fresh.has(row.path)}
            detailsId={detailsId}
            rowRef={at === activeIndex ? active.takeFocus : undefined}
            onPick={pick}
            onHover={setHovered}
          />
        )}
      />
      <RowDetailsLine id={detailsId} shown={shown} />
    </div>
  )
}

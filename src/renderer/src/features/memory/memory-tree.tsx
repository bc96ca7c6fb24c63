import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode
} from 'react'
import { Virtuoso, type ListProps, type VirtuosoHandle } from 'react-virtuoso'
import type { MemoryEntry } from '@shared/memory/memory'
import { ROW_HEIGHT, TreeRowItem, rowDetails } from './tree/tree-row'
import { ancestorsOf, buildTree, findByPrefix, visibleRows, type TreeRow } from './tree/tree-rows'
import { useCollapsedFolders } from './tree/use-collapsed-folders'

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

interface TreeContext {
  label: string
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void
  footer: ReactNode
}

/** Rows rendered before the tree is measured (the view may still be hidden). */
const FIRST_ROWS = 40

/** Virtuoso's list element, as the ARIA tree (its rows are the treeitems, flat, with levels). */
const TreeList = forwardRef<HTMLDivElement, ListProps & { context?: TreeContext }>(
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

function Footer({ context }: { context?: TreeContext }) {
  return context?.footer ?? null
}

/** How long a pause ends a typed name (type-ahead), as in file managers. */
const TYPING_PAUSE_MS = 1000

/**
 * The memory folder as a file tree (the WAI-ARIA tree pattern): folders open and close (and stay
 * as the user left them), one line per entry with its details on hover or focus, names in natural
 * order, arrow keys and typed names to move. Only the rows in view are in the DOM, so a folder
 * of 10,000 files scrolls like one of ten.
 */
export function MemoryTree({ entries, selected, fresh, onSelect, total, onMore }: Props) {
  const top = useMemo(() => buildTree(entries), [entries])
  const { collapsed, setOpen } = useCollapsedFolders()
  const rows = useMemo(() => visibleRows(top, collapsed), [top, collapsed])
  const indexOf = useMemo(() => new Map(rows.map((row, at) => [row.path, at])), [rows])
  const [activePath, setActivePath] = useState<string | null>(null)
  const [hovered, setHovered] = useState<string | null>(null)
  const [focused, setFocused] = useState(false)
  const virtuoso = useRef<VirtuosoHandle>(null)
  const scroller = useRef<HTMLElement | null>(null)
  const takeScroller = useCallback((el: HTMLElement | Window | null) => {
    scroller.current = el instanceof HTMLElement ? el : null
  }, [])
  const wantFocus = useRef(false)
  const typed = useRef({ text: '', at: 0 })
  const detailsId = useId()

  // A file chosen elsewhere (a chip in chat, a search hit) is shown: its folders open.
  const [seenSelected, setSeenSelected] = useState<string | null>(null)
  if (selected !== seenSelected) {
    setSeenSelected(selected)
    if (selected) {
      setActivePath(selected)
      const closed = ancestorsOf(selected).filter((p) => collapsed.has(p))
      if (closed.length) setOpen(closed, true)
    }
  }
  /**
   * Scrolls row `at` just into view. Rows are one fixed height, so where it sits is known; in the
   * app Virtuoso's scrollIntoView and scrollTo stopped two rows short of the last one.
   */
  const reveal = useCallback((at: number) => {
    const list = virtuoso.current
    const box = scroller.current
    const view = box?.clientHeight ?? 0
    if (!list) return
    if (!box || view === 0) return list.scrollIntoView({ index: at }) // nothing laid out
    const top = at * ROW_HEIGHT
    if (top < box.scrollTop) box.scrollTop = top
    else if (top + ROW_HEIGHT > box.scrollTop + view) box.scrollTop = top + ROW_HEIGHT - view
  }, [])
  const lastRevealed = useRef<string | null>(null)
  useEffect(() => {
    const at = selected === null ? undefined : indexOf.get(selected)
    if (at === undefined || selected === lastRevealed.current) return
    lastRevealed.current = selected
    reveal(at)
  }, [selected, indexOf, reveal])

  const activeIndex = (() => {
    const at = activePath === null ? undefined : indexOf.get(activePath)
    if (at !== undefined) return at
    return (selected === null ? undefined : indexOf.get(selected)) ?? 0
  })()

  const moveTo = (at: number) => {
    const row = rows[at]
    if (!row) return
    wantFocus.current = true
    setActivePath(row.path)
    // The keys lead now: the details follow the focus, not where the pointer was left.
    setHovered(null)
    reveal(at)
  }

  const pick = (row: TreeRow) => {
    setActivePath(row.path)
    if (row.entry?.unreachable) return
    if (row.kind === 'dir') setOpen([row.path], !row.expanded)
    else onSelect(row.path)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex]
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return
    const key = event.key
    const typing = key.length === 1 && key.trim() !== ''
    // Any other key ends a typed name.
    if (!typing && key !== ' ') typed.current = { text: '', at: 0 }
    let handled = true
    if (key === 'ArrowDown') moveTo(Math.min(rows.length - 1, activeIndex + 1))
    else if (key === 'ArrowUp') moveTo(Math.max(0, activeIndex - 1))
    else if (key === 'Home') moveTo(0)
    else if (key === 'End') moveTo(rows.length - 1)
    else if (key === 'ArrowRight') {
      if (row.kind === 'dir' && row.childCount > 0)
        if (row.expanded) moveTo(activeIndex + 1)
        else setOpen([row.path], true)
    } else if (key === 'ArrowLeft') {
      if (row.kind === 'dir' && row.expanded && row.childCount > 0) setOpen([row.path], false)
      else if (row.parent) moveTo(indexOf.get(row.parent) ?? activeIndex)
    } else if (key === 'Enter' || (key === ' ' && !typed.current.text)) pick(row)
    else if (key === '*') {
      const siblings = rows.filter((r) => r.parent === row.parent && r.kind === 'dir')
      setOpen(
        siblings.map((r) => r.path),
        true
      )
    } else if (typing) {
      const now = event.timeStamp
      const text = (now - typed.current.at > TYPING_PAUSE_MS ? '' : typed.current.text) + key
      typed.current = { text, at: now }
      const found = findByPrefix(rows, text, activeIndex)
      if (found !== -1) moveTo(found)
    } else handled = false
    if (handled) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  if (entries.length === 0)
    return <p className="px-3 py-6 text-center text-muted">No memory files yet.</p>

  const shownPath = hovered ?? (focused ? (rows[activeIndex]?.path ?? null) : null) ?? selected
  const shown = shownPath === null ? undefined : rows[indexOf.get(shownPath) ?? -1]
  const footer = onMore ? (
    <div className="px-1.5 pb-1.5">
      <button
        type="button"
        onClick={onMore}
        className="w-full rounded-control py-1.5 text-center text-sm text-accent hover:bg-fg/5"
      >
        Show more
        {total !== undefined && total > entries.length
          ? ` (${(total - entries.length).toLocaleString()} not shown)`
          : ''}
      </button>
    </div>
  ) : null

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
        components={{ List: TreeList, Footer }}
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
            rowRef={
              at === activeIndex
                ? (el) => {
                    if (el && wantFocus.current) {
                      wantFocus.current = false
                      el.focus({ preventScroll: true })
                      // Drawn where it really is now: the browser puts it exactly in view.
                      el.scrollIntoView?.({ block: 'nearest' })
                    }
                  }
                : undefined
            }
            onPick={pick}
            onHover={setHovered}
          />
        )}
      />
      <p
        id={detailsId}
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
    </div>
  )
}

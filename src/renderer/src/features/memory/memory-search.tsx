import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { Search, X } from 'lucide-react'
import { SEARCH_PAGE, type MemorySearchFile, type MemorySearchResult } from '@shared/memory/search'
import { formatNumber, plural } from '../../lib/format'
import { errorText } from './change-words'
import { useSearchPages } from './search-pages'

/** `text` with the ranges wrapped in <mark>. */
function Marked({
  text,
  ranges
}: {
  text: string
  ranges: ReadonlyArray<readonly [number, number]>
}) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of ranges) {
    if (start < at) continue
    parts.push(
      text.slice(at, start),
      <mark key={start} className="rounded-sm bg-warning-soft px-px text-fg">
        {text.slice(start, end)}
      </mark>
    )
    at = end
  }
  parts.push(text.slice(at))
  return <>{parts}</>
}

/** The box above the file tree. Typing searches names and contents; the tree gives way to hits. */
export function MemorySearchBox({
  query,
  onQuery,
  onDown,
  inputRef: ref
}: {
  query: string
  onQuery(query: string): void
  onDown(): void
  inputRef: RefObject<HTMLInputElement | null>
}) {
  useEffect(() => {
    // Ctrl/Cmd+Shift+F from anywhere in Memory: search in files, as code editors do.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'f') {
        event.preventDefault()
        ref.current?.focus()
        ref.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [ref])
  return (
    <div className="relative border-b border-line p-2">
      <Search
        size={14}
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted"
      />
      <input
        ref={ref}
        type="search"
        aria-label="Search memory"
        aria-keyshortcuts="Control+Shift+F"
        placeholder="Search names and text"
        className="input w-full pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            onDown()
          } else if (event.key === 'Escape' && query) {
            event.preventDefault()
            onQuery('')
          }
        }}
      />
      {query ? (
        <button
          type="button"
          aria-label="Clear the search"
          className="absolute top-1/2 right-3.5 -translate-y-1/2 rounded-full p-0.5 text-muted hover:bg-fg/10"
          onClick={() => onQuery('')}
        >
          <X size={14} aria-hidden />
        </button>
      ) : null}
    </div>
  )
}

/** "297 of 1,000 files match." in plain words, and what could not be searched inside. */
export function matchSentence(result: MemorySearchResult, query: string): string {
  const { matchedFiles: matched, searchedFiles: searched, skipped } = result
  const tooBig = skipped ? ` ${plural(skipped, 'file')} too big to search inside.` : ''
  if (!matched) return `No file matches “${query}”.${tooBig}`
  const count =
    matched === searched && matched > 1
      ? `All ${plural(matched, 'file')} match.`
      : `${formatNumber(matched)} of ${plural(searched, 'file')} ${matched === 1 ? 'matches' : 'match'}.`
  return count + tooBig
}

/**
 * Hits by file: the path (matches marked), then its first matching lines. Arrow keys move between
 * files, Enter opens one, Escape goes back to the box.
 */
export function MemorySearchResults(props: {
  query: string
  focusFirst: number
  selected: string | null
  onOpen(path: string): void
  onBack(): void
}) {
  const { query: answered, result, error, more } = useSearchPages(props.query)
  // The hits and the "Show more" button after them: arrow keys walk through both.
  const list = useRef<HTMLDivElement>(null)
  const statusId = useId()
  useEffect(() => {
    if (props.focusFirst) list.current?.querySelector<HTMLButtonElement>('button')?.focus()
  }, [props.focusFirst])

  // After "Show more" the focus goes to the next page's first hit (the button may be gone).
  const focusHit = useRef<number | null>(null)
  const shownHits = result?.files.length ?? 0
  useEffect(() => {
    const at = focusHit.current
    if (at === null || shownHits <= at) return
    focusHit.current = null
    list.current?.querySelectorAll<HTMLButtonElement>('li button')[at]?.focus()
  }, [shownHits])

  const move = (event: KeyboardEvent<HTMLDivElement>) => walkHits(event, list, props.onBack)

  const stale = answered !== props.query
  const files = result?.files ?? []
  const rest = result && !stale ? result.matchedFiles - files.length : 0
  return (
    <div ref={list} onKeyDown={move} className="flex flex-col">
      <p id={statusId} role="status" className="px-3 py-2 text-xs text-muted">
        {error
          ? errorText(error)
          : !result || stale
            ? 'Searching…'
            : matchSentence(result, props.query)}
      </p>
      <ul
        aria-label="Search results"
        aria-describedby={statusId}
        className="flex flex-col gap-px px-1.5 pb-2"
      >
        {files.map((file) => (
          <li key={file.path}>
            <SearchHit
              file={file}
              current={file.path === props.selected}
              onOpen={() => props.onOpen(file.path)}
            />
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 pb-3 text-xs text-muted">
          <span>
            Showing {formatNumber(files.length)} of {plural(files.length + rest, 'file')}.
          </span>
          <button
            type="button"
            className="button"
            onClick={() => {
              focusHit.current = files.length
              void more()
            }}
          >
            Show {formatNumber(Math.min(rest, SEARCH_PAGE))} more
          </button>
        </div>
      ) : null}
    </div>
  )
}

/**
 * Arrow keys walk through the hits and the buttons after them (the first ArrowUp goes back to the
 * box), Escape goes back to the box.
 */
export function walkHits(
  event: KeyboardEvent<HTMLElement>,
  list: RefObject<HTMLElement | null>,
  onBack: () => void
): void {
  const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault()
    const next = at + (event.key === 'ArrowDown' ? 1 : -1)
    if (next < 0) onBack()
    else buttons[Math.min(next, buttons.length - 1)]?.focus()
  } else if (event.key === 'Escape') {
    event.preventDefault()
    onBack()
  }
}

/** One file's hit: its path (matches marked), its match count, its first matching lines. */
export function SearchHit(props: { file: MemorySearchFile; current: boolean; onOpen(): void }) {
  const { file } = props
  return (
    <button
      type="button"
      aria-current={props.current || undefined}
      onClick={props.onOpen}
      className="flex w-full flex-col gap-0.5 rounded-control px-2 py-1.5 text-left text-[13px] hover:bg-fg/5 focus-visible:bg-fg/5 aria-[current]:bg-accent-soft"
    >
      <span className="flex w-full items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-mono text-xs">
          <Marked text={file.path.replace(/^\/memories\//, '')} ranges={shift(file.nameRanges)} />
        </span>
        {file.count ? (
          <span className="shrink-0 text-xs text-muted tabular-nums">
            {plural(file.count, 'match', 'matches')}
          </span>
        ) : null}
      </span>
      {file.lines.map((line) => (
        <span key={line.line} className="flex gap-2 text-xs text-muted">
          <span className="w-7 shrink-0 text-right tabular-nums">{line.line}</span>
          <span className="min-w-0 truncate text-fg">
            <Marked text={line.text} ranges={line.ranges} />
          </span>
        </span>
      ))}
    </button>
  )
}

/** Name ranges count from `/memories/`, which the list leaves out. */
function shift(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const cut = '/memories/'.length
  return ranges
    .filter(([, end]) => end > cut)
    .map(([start, end]) => [Math.max(0, start - cut), end - cut])
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { SEARCH_ALL_PER_SPACE, type SearchAllResult } from '@shared/memory/across-spaces'
import type { SpaceId } from '@shared/memory/spaces'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { formatNumber, plural } from '../../lib/format'
import { errorText } from './change-words'
import { useFolderChanges } from './memory-changes'
import { SearchHit, walkHits } from './memory-search'
import { TYPING_MS } from './search-pages'

// Memory → search over every project's memory at once (issue 38): the hits grouped by space under
// its name, the first SEARCH_ALL_PER_SPACE of each; the rest is that space's own paged search.

const REMEMBERED = 'cairn.memory.searchAll'

/** "All projects" as last chosen in this window's session (off at first). */
function rememberedSearchAll(): boolean {
  try {
    return sessionStorage.getItem(REMEMBERED) === 'on'
  } catch {
    return false // storage refused: the choice lasts as long as the view
  }
}

function rememberSearchAll(on: boolean): void {
  try {
    sessionStorage.setItem(REMEMBERED, on ? 'on' : 'off')
  } catch {
    // as above
  }
}

/** What a search over every space carries into the space it switches to. */
interface Carried {
  space: SpaceId
  query: string
  /** The hit chosen there (null: that space's own search, to see all its hits). */
  path: string | null
}

/** The search over every project's memory, as the inspector of one space sees it. */
export interface AllSearch {
  /** Offered once a project exists (one space has nothing to search beside). */
  offered: boolean
  on: boolean
  turn(on: boolean): void
  /** What the last switch carried into the space in view. */
  carried: Carried | null
  /** The switcher's own change (nothing carried). */
  switchTo(space: SpaceId): void
  open(space: SpaceId, path: string, query: string): void
  seeAll(space: SpaceId, query: string): void
}

/**
 * The toggle (remembered for the session) and the switches a hit makes: `choose` is the state the
 * switcher sets, so a hit in another space switches the inspector exactly as the switcher does.
 */
export function useAllSearch(
  spaces: readonly unknown[] | null,
  space: SpaceId,
  choose: (space: SpaceId) => void
): AllSearch {
  const [on, setOn] = useState(rememberedSearchAll)
  const [carried, setCarried] = useState<Carried | null>(null)
  const go = (to: SpaceId, carry: Carried | null) => {
    setCarried(carry)
    choose(to)
  }
  const turn = (next: boolean) => {
    setOn(next)
    rememberSearchAll(next)
  }
  return {
    offered: (spaces?.length ?? 0) > 1,
    on,
    turn,
    carried: carried?.space === space ? carried : null,
    switchTo: (to) => go(to, null),
    open: (to, path, query) => go(to, { space: to, query, path }),
    seeAll: (to, query) => {
      turn(false)
      go(to, { space: to, query, path: null })
    }
  }
}

/** The "All projects" checkbox under the search box. */
export function SearchAllToggle(props: { checked: boolean; onChange(on: boolean): void }) {
  return (
    <label className="checkbox px-3 pt-1.5 text-xs text-muted">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <span>All projects</span>
    </label>
  )
}

interface Answer {
  query: string
  result: SearchAllResult | null
  error: ShownError | null
}

/** Main's answer for `query` over every space; asked again when the space in view changes. */
function useSearchAll(query: string): Answer {
  const changes = useFolderChanges()
  const [answer, setAnswer] = useState<Answer>({ query: '', result: null, error: null })
  useEffect(() => {
    if (!query) return
    let live = true
    const timer = setTimeout(() => {
      call((api) => api.memory.searchAll({ query })).then(
        (result) => live && setAnswer({ query, result, error: null }),
        (failure: unknown) =>
          live && setAnswer({ query, result: null, error: toShownError(failure) })
      )
    }, TYPING_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [query, changes])
  return answer
}

function summary(result: SearchAllResult, query: string): string {
  const matched = result.spaces.reduce((n, s) => n + (s.result?.matchedFiles ?? 0), 0)
  // "No project" is one of the spaces searched: the sentence counts files, the groups name spaces.
  if (!matched) return `No file matches “${query}” in any project.`
  return `${plural(matched, 'file')} ${matched === 1 ? 'matches' : 'match'} across all projects.`
}

/**
 * Hits in every space, a group per space under its name. Arrow keys and Enter work as in one
 * space's results; a hit in another space opens there (the caller switches the inspector).
 */
export function AllSpacesResults(props: {
  query: string
  focusFirst: number
  /** The space in view and its open file: that hit is marked current. */
  space: SpaceId
  selected: string | null
  /** Focus the current hit once the hits are in (the view has just switched to its space). */
  focusCurrent: boolean
  onOpen(space: SpaceId, path: string): void
  /** "Search all in …": that space's own search, with every hit a page at a time. */
  onSeeAll(space: SpaceId): void
  onBack(): void
}) {
  const { query: answered, result, error } = useSearchAll(props.query)
  const list = useRef<HTMLDivElement>(null)
  const statusId = useId()
  useEffect(() => {
    if (props.focusFirst) list.current?.querySelector<HTMLButtonElement>('button')?.focus()
  }, [props.focusFirst])
  const stale = answered !== props.query
  const shown = result !== null && !stale
  const focused = useRef(false)
  useEffect(() => {
    if (!props.focusCurrent || !shown || focused.current) return
    focused.current = true
    list.current?.querySelector<HTMLButtonElement>('button[aria-current]')?.focus()
  }, [props.focusCurrent, shown])

  const move = (event: KeyboardEvent<HTMLDivElement>) => walkHits(event, list, props.onBack)
  return (
    <div ref={list} onKeyDown={move} className="flex flex-col">
      <p id={statusId} role="status" className="px-3 py-2 text-xs text-muted">
        {error ? errorText(error) : !shown ? 'Searching…' : summary(result, props.query)}
      </p>
      {shown
        ? result.spaces.map((group) => (
            <SpaceGroup
              key={group.space}
              group={group}
              current={group.space === props.space ? props.selected : null}
              describedBy={statusId}
              onOpen={(path) => props.onOpen(group.space, path)}
              onSeeAll={() => props.onSeeAll(group.space)}
            />
          ))
        : null}
    </div>
  )
}

function SpaceGroup(props: {
  group: SearchAllResult['spaces'][number]
  current: string | null
  describedBy: string
  onOpen(path: string): void
  onSeeAll(): void
}) {
  const { group } = props
  const headingId = useId()
  const files = group.result?.files ?? []
  const matched = group.result?.matchedFiles ?? 0
  return (
    <section aria-labelledby={headingId} className="pb-1">
      <h3
        id={headingId}
        className="flex items-baseline gap-2 px-3 pt-1 pb-0.5 text-xs font-semibold text-fg"
      >
        <span className="min-w-0 truncate">{group.name}</span>
        <span className="shrink-0 font-normal text-muted tabular-nums">
          {group.failed !== null ? 'not searched' : plural(matched, 'file')}
        </span>
      </h3>
      {group.failed !== null ? (
        <p className="px-3 pb-1 text-xs text-danger">
          {group.name} could not be searched: {group.failed}
        </p>
      ) : files.length ? (
        <ul
          aria-label={`Hits in ${group.name}`}
          aria-describedby={props.describedBy}
          className="flex flex-col gap-px px-1.5"
        >
          {files.map((file) => (
            <li key={file.path}>
              <SearchHit
                file={file}
                current={file.path === props.current}
                onOpen={() => props.onOpen(file.path)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {matched > files.length ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 pt-1 pb-2 text-xs text-muted">
          <span>
            Showing the first {formatNumber(Math.min(files.length, SEARCH_ALL_PER_SPACE))} of{' '}
            {formatNumber(matched)}.
          </span>
          <button type="button" className="button" onClick={props.onSeeAll}>
            Search all {formatNumber(matched)} in {group.name}
          </button>
        </div>
      ) : null}
    </section>
  )
}

import { MemorySearchBox, MemorySearchResults } from '../memory-search'
import { MemoryTree } from '../memory-tree'
import { useMemorySpace } from '../memory-space'
import { AllSpacesResults, SearchAllToggle, type AllSearch } from '../search-all'
import { UsageBars } from '../caps/usage-bars'
import { useMemoryData } from '../use-memory-data'
import type { InspectorSelection } from './use-inspector-selection'
import type { SearchQuery } from './use-search-query'

/** The left column: the search box over the tree (or its hits), and the space's usage below. */
export function FolderSide({
  search,
  selection,
  all
}: {
  search: SearchQuery
  selection: InspectorSelection
  all: AllSearch
}) {
  const data = useMemoryData()
  return (
    <aside
      aria-label="Memory folder"
      className="flex w-72 shrink-0 flex-col border-r border-line bg-sunken"
    >
      <MemorySearchBox
        query={search.query}
        onQuery={search.setQuery}
        onDown={search.toFirstHit}
        inputRef={search.box}
      />
      {all.offered ? <SearchAllToggle checked={all.on} onChange={all.turn} /> : null}
      <div className="min-h-0 flex-1 overflow-auto">
        <FolderList search={search} selection={selection} all={all} />
      </div>
      {data.usage ? <UsageBars usage={data.usage} /> : null}
    </aside>
  )
}

/** Hits in every space, hits in this one, or the tree when nothing is searched. */
function FolderList({
  search: { query, toHits, focusBox },
  selection: { selected, open, choose },
  all
}: {
  search: SearchQuery
  selection: InspectorSelection
  all: AllSearch
}) {
  const data = useMemoryData()
  const space = useMemorySpace()
  if (query && all.offered && all.on)
    return (
      <AllSpacesResults
        query={query}
        focusFirst={toHits}
        space={space}
        selected={selected}
        focusCurrent={all.carried?.path != null}
        onOpen={(to, path) => (to === space ? open(path) : all.open(to, path, query))}
        onSeeAll={(to) => all.seeAll(to, query)}
        onBack={focusBox}
      />
    )
  if (query)
    return (
      <MemorySearchResults
        query={query}
        focusFirst={toHits}
        selected={selected}
        onOpen={open}
        onBack={focusBox}
      />
    )
  if (data.entries)
    return (
      <MemoryTree
        entries={data.entries}
        selected={selected}
        fresh={data.fresh}
        onSelect={choose}
        total={data.total}
        onMore={data.loadMore}
      />
    )
  // Nothing to list (memory off for this session, or the folder unreadable): the reason is in
  // the alert above, not an endless "Loading…".
  if (data.error) return <p className="p-4 text-muted">No memory files to show.</p>
  return <p className="p-4 text-muted">Loading…</p>
}

import { useState } from 'react'
import { Search } from 'lucide-react'
import type {
  FindInHistoryResult,
  ForgetResult,
  HistoryHit,
  KeptPlace
} from '@shared/memory/history'
import type { SpaceId } from '@shared/memory/spaces'
import { toShownError, type ShownError } from '../../../lib/errors'
import { plural } from '../../../lib/format'
import { formatDateTime } from '../../../lib/time'
import { errorText } from '../change-words'
import { ForgetControl } from '../history/forget-control'
import { findInHistory, forgotWords } from '../history/history-api'
import { KeptPlaces } from './kept-places'
import { useMemorySpace } from '../memory-space'

type Found = { text: string; result: FindInHistoryResult }

/**
 * "Find and forget a text": the user pastes a text (a password that slipped in), history lists
 * every version holding it (file, line, the text masked), and one confirm forgets them all.
 * Every other place Cairn keeps it (archive, conversations, logs…) is listed too, each with a
 * way to take it out there (issue 35).
 */
export function FindAndForget() {
  const { text, setText, found, setFound, busy, error, forgot, setForgot, find, forgotten } =
    useFindAndForget(useMemorySpace())
  const done = forgot ? doneWords(forgot.result, forgot.places) : ''
  return (
    <section aria-labelledby="find-forget" className="flex flex-col gap-2">
      <h2 id="find-forget" className="font-semibold">
        Find and forget a text
      </h2>
      <p className="text-sm text-muted">
        Paste a text that should not be in memory's history (a password, a key). Every version
        holding it is listed, with the text hidden, and every other place Cairn keeps it (the
        archive, conversations, logs); you choose whether to forget it there.
      </p>
      <FindForm text={text} onText={setText} busy={busy} onFind={find} />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(error)}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-success">
          {done}
        </p>
      ) : null}
      {found ? (
        <p role="status" className="text-sm">
          {foundWords(found.result)}
        </p>
      ) : null}
      {forgot ? (
        <KeptPlaces
          text={forgot.text}
          places={forgot.places}
          onChange={(places) => setForgot({ ...forgot, places })}
        />
      ) : null}
      {found && (found.result.hits.length || found.result.elsewhere.length) ? (
        <FoundAndForget found={found} onFound={setFound} onForgotten={forgotten} />
      ) : null}
    </section>
  )
}

/** The text looked for, what history and the other places hold of it, and what a Forget did. */
function useFindAndForget(space: SpaceId) {
  const [text, setText] = useState('')
  const [found, setFound] = useState<Found | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ShownError | null>(null)
  /** After a Forget: what it did, and the places that still keep the text (kept to remove it). */
  const [forgot, setForgot] = useState<{
    result: ForgetResult
    text: string
    places: KeptPlace[]
  } | null>(null)

  function find(): void {
    const needle = text
    setBusy(true)
    findInHistory(space, needle).then(
      (result) => {
        setBusy(false)
        setError(null)
        setForgot(null)
        setFound({ text: needle, result })
      },
      (failure: unknown) => {
        setBusy(false)
        setError(toShownError(failure))
      }
    )
  }

  /** The Forget went through: the search is done with; what it did, and where the text still is. */
  function forgotten(result: ForgetResult, of: string): void {
    setFound(null)
    setText('')
    setForgot({ result, text: of, places: result.elsewhere })
  }

  return { text, setText, found, setFound, busy, error, forgot, setForgot, find, forgotten }
}

function FindForm({
  text,
  onText,
  busy,
  onFind
}: {
  text: string
  onText(text: string): void
  busy: boolean
  onFind(): void
}) {
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onFind()
      }}
    >
      <input
        type="password"
        autoComplete="off"
        spellCheck={false}
        aria-label="Text to find in history"
        placeholder="Text to find in history"
        className="input input--mono min-w-0 flex-1"
        value={text}
        onChange={(event) => onText(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || text.length < 4}>
        <Search size={14} aria-hidden />
        {busy ? 'Searching…' : 'Find in history'}
      </button>
    </form>
  )
}

/** How many versions hold the text, and whether other places keep it too. */
function foundWords(result: FindInHistoryResult): string {
  const hits = result.hits.length
  const others = result.elsewhere.length
    ? ` It is also kept in ${plural(result.elsewhere.length, 'other place')}, listed below.`
    : ''
  return hits
    ? `${plural(hits, 'version')} of ${plural(result.searched, 'version')} in history ${hits === 1 ? 'holds' : 'hold'} it.${others}`
    : `None of the ${plural(result.searched, 'version')} in history holds it.${others}`
}

/** What was found (versions, other places) and the one Forget for all of history. */
function FoundAndForget({
  found,
  onFound,
  onForgotten
}: {
  found: Found
  onFound(found: Found): void
  onForgotten(result: ForgetResult, text: string): void
}) {
  const { hits, elsewhere } = found.result
  return (
    <>
      {hits.length ? <HitList hits={hits} /> : null}
      <KeptPlaces
        text={found.text}
        places={elsewhere}
        onChange={(places) => onFound({ ...found, result: { ...found.result, elsewhere: places } })}
      />
      <ForgetControl
        what={{ what: 'text', text: found.text }}
        label={hits.length ? `Forget ${plural(hits.length, 'version')}` : 'Forget the text'}
        question={
          hits.length
            ? `Forget ${plural(hits.length, 'version')} holding this text?`
            : 'Forget this text?'
        }
        onDone={(result) => onForgotten(result, found.text)}
      >
        Every version in history that holds the text goes, and the activity log's mentions of it;
        files that hold it now keep it until you edit them. Cairn then lists every other place that
        still keeps it, so you can remove it there too.
      </ForgetControl>
    </>
  )
}

/** Each version holding the text: where (file, line), whether the file holds it now, when. */
function HitList({ hits }: { hits: readonly HistoryHit[] }) {
  return (
    <ul aria-label="Versions holding the text" className="flex flex-col">
      {hits.map((hit) => {
        const place = hit.places[0]
        return (
          <li key={hit.hash} className="flex flex-col border-b border-line py-1.5 text-sm">
            <span className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-mono text-xs">
                {place?.path ?? 'a version no entry names'}, line {hit.line}
              </span>
              {hit.current ? (
                <span className="rounded-full bg-warning-soft px-1.5 text-[11px] text-fg">
                  in the file now
                </span>
              ) : null}
              {place ? (
                <time className="text-xs text-muted" dateTime={place.time}>
                  {formatDateTime(Date.parse(place.time))}
                </time>
              ) : null}
            </span>
            <code className="truncate text-xs text-muted">{hit.snippet}</code>
          </li>
        )
      })}
    </ul>
  )
}

/** What a Forget did, with the places the user has since taken the text out of. */
function doneWords(result: ForgetResult, places: KeptPlace[]): string {
  const removed = result.elsewhere.length - places.length
  const words = forgotWords({ ...result, elsewhere: places }, true)
  return removed > 0 ? `${words} Taken out of ${plural(removed, 'other place')}.` : words
}

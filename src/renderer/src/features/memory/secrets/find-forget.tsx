import { useState } from 'react'
import { Search } from 'lucide-react'
import type { FindInHistoryResult } from '@shared/memory/history'
import { toShownError, type ShownError } from '../../../lib/errors'
import { plural } from '../../../lib/format'
import { formatDateTime } from '../../../lib/time'
import { errorText } from '../change-words'
import { ForgetControl } from '../history/forget-control'
import { findInHistory, forgotWords } from '../history/history-api'

/**
 * "Find and forget a text": the user pastes a text (a password that slipped in), history lists
 * every version holding it (file, line, the text masked), and one confirm forgets them all.
 */
export function FindAndForget() {
  const [text, setText] = useState('')
  const [found, setFound] = useState<{ text: string; result: FindInHistoryResult } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ShownError | null>(null)
  const [done, setDone] = useState('')

  function find(): void {
    const needle = text
    setBusy(true)
    findInHistory(needle).then(
      (result) => {
        setBusy(false)
        setError(null)
        setDone('')
        setFound({ text: needle, result })
      },
      (failure: unknown) => {
        setBusy(false)
        setError(toShownError(failure))
      }
    )
  }

  const hits = found?.result.hits ?? []
  return (
    <section aria-labelledby="find-forget" className="flex flex-col gap-2">
      <h2 id="find-forget" className="font-semibold">
        Find and forget a text
      </h2>
      <p className="text-sm text-muted">
        Paste a text that should not be in memory's history (a password, a key). Every version
        holding it is listed, with the text hidden; you choose whether to forget them.
      </p>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          find()
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
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy || text.length < 4}>
          <Search size={14} aria-hidden />
          {busy ? 'Searching…' : 'Find in history'}
        </button>
      </form>
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
          {hits.length
            ? `${plural(hits.length, 'version')} of ${plural(found.result.searched, 'version')} in history ${hits.length === 1 ? 'holds' : 'hold'} it.`
            : `None of the ${plural(found.result.searched, 'version')} in history holds it.`}
        </p>
      ) : null}
      {hits.length ? (
        <>
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
          <ForgetControl
            what={{ what: 'text', text: found?.text ?? '' }}
            label={`Forget ${plural(hits.length, 'version')}`}
            question={`Forget ${plural(hits.length, 'version')} holding this text?`}
            onDone={(result) => {
              setFound(null)
              setText('')
              setDone(forgotWords(result))
            }}
          >
            Every version in history that holds the text goes; files that hold it now keep it until
            you edit them.
          </ForgetControl>
        </>
      ) : null}
    </section>
  )
}

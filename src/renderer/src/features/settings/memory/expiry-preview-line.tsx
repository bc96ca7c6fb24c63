import { useEffect, useState } from 'react'
import type { ExpiryPreviewItem } from '@shared/memory/expiry'
import type { Settings } from '@shared/app/settings'
import { call } from '../../../lib/api'
import { parseWholeNumber, plural } from '../../../lib/format'
import { useMemorySpace } from '../../memory/memory-space'

/** Names listed before "and N more". */
const SHOWN = 8

type Policy = Pick<Settings['expiry'], 'mode' | 'action' | 'pinned'> & { days: string }

/** "would be deleted now" / "would move to the archive now", as many as `count` say. */
export function dueWords(count: number, action: Settings['expiry']['action']): string {
  const files = count === 0 ? 'No file' : plural(count, 'file')
  return `${files} would ${action === 'delete' ? 'be deleted' : 'move to the archive'} now`
}

/**
 * What the draft policy (not the saved one) would expire right now, by name, before it is saved;
 * pinned files and the files' own expires: dates count as they will.
 */
export function ExpiryPreviewLine({ policy }: { policy: Policy }) {
  const space = useMemorySpace()
  const [items, setItems] = useState<ExpiryPreviewItem[] | null>(null)
  const [at, setAt] = useState(0)
  const value = parseWholeNumber(policy.days)
  const usable = Number.isInteger(value) && value >= 1 && value <= 3650
  const { mode, action } = policy
  const pinned = JSON.stringify(policy.pinned)
  useEffect(() => {
    if (!usable) return
    let live = true
    const timer = setTimeout(() => {
      const draft = { mode, days: value, action, pinned: JSON.parse(pinned) as string[] }
      call((api) => api.memory.expiryPreview({ space, days: 7, policy: draft })).then(
        (found) => {
          if (!live) return
          setItems(found)
          setAt(Date.now())
        },
        () => live && setItems(null)
      )
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [space, usable, value, mode, action, pinned])
  if (!usable || !items) return null
  const due = items.filter((item) => item.expiresAt <= at)
  const soon = items.length - due.length
  return (
    <div role="status" aria-label="Expiry preview" className="flex flex-col gap-1 text-sm">
      <p className="text-muted">
        {dueWords(due.length, action)}
        {soon ? `, ${soon} more within a week` : ''}
        {due.length ? ':' : '.'}
      </p>
      {due.length ? (
        <ul aria-label="Files that would expire now" className="flex flex-col font-mono text-xs">
          {due.slice(0, SHOWN).map((item) => (
            <li key={item.path} className="truncate">
              {item.path}
            </li>
          ))}
          {due.length > SHOWN ? (
            <li className="font-sans text-muted">and {due.length - SHOWN} more</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}

import { useEffect, useState } from 'react'
import { call } from '../../lib/api'
import { parseWholeNumber, plural } from '../../lib/format'

/** "3 files would expire now": the draft policy's effect, before it is saved. */
export function ExpiryPreviewLine({ days, mode }: { days: string; mode: string }) {
  const [line, setLine] = useState('')
  const value = parseWholeNumber(days)
  const usable = mode !== 'off' && Number.isInteger(value) && value >= 1 && value <= 3650
  useEffect(() => {
    if (!usable) return
    let live = true
    const timer = setTimeout(() => {
      call((api) => api.memory.expiryPreview({ days: value })).then(
        (items) => {
          if (!live) return
          const now = Date.now()
          const due = items.filter((item) => item.expiresAt <= now).length
          const soon = items.filter(
            (item) => item.expiresAt > now && item.expiresAt - now < 7 * 86_400_000
          ).length
          setLine(
            `${plural(due, 'file')} would expire now` +
              (soon ? `, ${soon} more within a week.` : '.')
          )
        },
        () => live && setLine('')
      )
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [usable, value])
  if (!usable || !line) return null
  return (
    <p role="status" aria-label="Expiry preview" className="text-sm text-muted">
      {line}
    </p>
  )
}

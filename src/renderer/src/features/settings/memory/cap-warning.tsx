import { useEffect, useState } from 'react'
import { TriangleAlert } from 'lucide-react'
import {
  CAP_SETTING,
  capsReached,
  capWords,
  type CapImpact,
  type CapImpactInput
} from '@shared/memory/caps'
import type { Settings } from '@shared/app/settings'
import { parseSize } from '@shared/sizes'
import { call } from '../../../lib/api'
import { useFolderChanges } from '../../memory/memory-changes'
import { parseWholeNumber } from '../../../lib/format'
import { navigate } from '../../../lib/navigation'
import type { FieldGroupProps } from '../field-group'
import { draftFromSettings, type DraftField } from '../settings-draft'
import { useMemorySpace } from '../../memory/memory-space'

type CapField = 'maxFileBytes' | 'maxTotalBytes' | 'maxFiles'
const CAP_FIELDS: readonly CapField[] = ['maxFileBytes', 'maxTotalBytes', 'maxFiles']

/** The caps typed in the form that differ from the saved ones and are valid (the rest: no check). */
export function proposedCaps(
  draft: FieldGroupProps['draft'],
  errors: FieldGroupProps['errors'],
  saved: Settings['memory']
): CapImpactInput & object {
  const proposed: Record<string, number> = {}
  for (const field of CAP_FIELDS) {
    if (errors[field]) continue
    const text = draft[field]
    const parsed = field === 'maxFiles' ? parseWholeNumber(text) : sizeOf(text)
    if (Number.isFinite(parsed) && parsed !== saved[field]) proposed[field] = parsed
  }
  return proposed
}

function sizeOf(text: string): number {
  const parsed = parseSize(text)
  return parsed.ok ? parsed.bytes : Number.NaN
}

interface CapWarningProps extends FieldGroupProps {
  saved: Settings
}

/**
 * Lowering a cap below what memory holds now: said before saving, in words that match what the
 * engine will do, with the next steps (archive in Memory, or keep the saved caps). Saving stays
 * possible: nothing is deleted by a lower cap.
 */
export function CapWarning({ draft, errors, onChange, saved }: CapWarningProps) {
  const space = useMemorySpace()
  const proposed = proposedCaps(draft, errors, saved.memory)
  const key = JSON.stringify(proposed)
  const [impact, setImpact] = useState<{ key: string; value: CapImpact } | null>(null)
  // What memory holds is what the caps are compared with: files changed, compare again.
  const changes = useFolderChanges()

  useEffect(() => {
    if (key === '{}') return
    let live = true
    // A short pause, so typing "1", "10", "100" asks main once.
    const timer = setTimeout(() => {
      call((api) => api.memory.capImpact({ space, ...(JSON.parse(key) as CapImpactInput) })).then(
        (value) => live && setImpact({ key, value }),
        () => live && setImpact(null) // memory off or unreadable: nothing to compare against
      )
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [space, key, changes])

  if (key === '{}' || !impact || impact.key !== key) return null
  const changed = new Set(Object.keys(proposed))
  const reached = capsReached(impact.value).filter((cap) => changed.has(CAP_SETTING[cap]))
  if (reached.length === 0) return null

  const keepSaved = () => {
    const savedDraft = draftFromSettings(saved)
    for (const cap of reached) {
      const field: DraftField = CAP_SETTING[cap]
      onChange(field, savedDraft[field])
    }
  }
  return (
    <div
      role="status"
      aria-label="Caps below what memory holds"
      className="mt-3 flex flex-col gap-2 rounded-control border border-warning-line bg-warning-soft px-3.5 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert size={16} aria-hidden className="shrink-0 text-warning" />
        {reached.length === 1 ? 'This cap is' : 'These caps are'} below what memory holds now
      </p>
      <ul className="flex flex-col gap-1.5">
        {reached.map((cap) => {
          const words = capWords(cap, impact.value, true)
          return (
            <li key={cap}>
              <strong className="font-medium">{words.headline}:</strong> {words.meaning}
            </li>
          )
        })}
      </ul>
      <p className="text-muted">
        Saving deletes nothing. To make room, archive files in Memory (you choose which), or keep
        the current {reached.length === 1 ? 'cap' : 'caps'}.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="button" onClick={() => navigate({ view: 'memory' })}>
          Open Memory to archive files
        </button>
        <button type="button" className="button button--quiet" onClick={keepSaved}>
          Keep the current {reached.length === 1 ? 'cap' : 'caps'}
        </button>
      </div>
    </div>
  )
}

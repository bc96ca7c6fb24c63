import { useState } from 'react'
import { Archive } from 'lucide-react'
import { CAP_NOUN, CAP_SETTING, capsReached, capWords, type CapName } from '@shared/memory/caps'
import type { MemoryUsage } from '@shared/memory/memory'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { navigate } from '../../../lib/navigation'
import { ArchivePicker } from './archive-picker'

function factsOf(usage: MemoryUsage) {
  return {
    files: usage.files,
    totalBytes: usage.totalBytes,
    limits: usage.limits,
    overFileCap: usage.overCapFiles.length
  }
}

function title(reached: CapName[]): string {
  if (reached.length > 1) return `Memory has reached ${reached.length} of its caps`
  if (reached[0] === 'file') return 'Some memory files are over the per-file cap'
  if (reached[0] === 'files') return 'Memory is at its file-count cap'
  return 'Memory has reached its total cap'
}

/**
 * The peak of what counts against the caps since the view opened: it changes only when memory
 * grows past anything shown before (or a cap changes), which is when a folded message comes back.
 */
function usePeakKey(reached: CapName[], usage: MemoryUsage): string {
  const now = { files: usage.files, bytes: usage.totalBytes, big: usage.overCapFiles.length }
  const [peak, setPeak] = useState(now)
  if (now.files > peak.files || now.bytes > peak.bytes || now.big > peak.big) {
    setPeak({
      files: Math.max(now.files, peak.files),
      bytes: Math.max(now.bytes, peak.bytes),
      big: Math.max(now.big, peak.big)
    })
  }
  return JSON.stringify([reached, usage.limits, peak])
}

function chipWords(reached: CapName[]): string {
  if (reached.length > 1) return `${reached.length} caps reached`
  if (reached[0] === 'file') return 'Files over the per-file cap'
  if (reached[0] === 'files') return 'File-count cap reached'
  return 'Total cap reached'
}

/**
 * The Memory view's messages while a cap refuses writes: what that means for Claude, and what to
 * do: archive files (the user picks which) or raise the cap in Settings. It cannot be dismissed
 * while memory is over, only folded; it comes back when memory grows further.
 */
export function OverCapPanel({ usage }: { usage: MemoryUsage }) {
  const [choosing, setChoosing] = useState(false)
  const [done, setDone] = useState('')
  const reached = capsReached(factsOf(usage))
  const key = usePeakKey(reached, usage)
  const notice = done ? (
    <Message tone="info" role="status" summary={done} onDismiss={() => setDone('')} />
  ) : null
  if (reached.length === 0) return notice
  return (
    <>
      <Message
        tone="warning"
        role="region"
        label="Memory caps reached"
        summary={title(reached)}
        fold={{ key, chip: chipWords(reached) }}
        actions={
          <button
            type="button"
            className={MESSAGE_BUTTON}
            aria-expanded={choosing}
            onClick={() => setChoosing((open) => !open)}
          >
            <Archive size={16} aria-hidden />
            Choose files to archive
          </button>
        }
        details={
          <>
            <ul className="flex flex-col gap-1">
              {reached.map((cap) => {
                const words = capWords(cap, factsOf(usage))
                return (
                  <li key={cap}>
                    <strong className="font-medium">{words.headline}.</strong> {words.meaning}
                  </li>
                )
              })}
            </ul>
            <div className="flex flex-wrap gap-2">
              {reached.map((cap) => (
                <button
                  key={cap}
                  type="button"
                  className="button"
                  onClick={() => navigate({ view: 'settings', field: CAP_SETTING[cap] })}
                >
                  Raise the {CAP_NOUN[cap]}
                </button>
              ))}
            </div>
          </>
        }
        body={
          choosing ? (
            <ArchivePicker
              onArchived={(message) => {
                setDone(message)
                setChoosing(false)
              }}
            />
          ) : undefined
        }
      />
      {notice}
    </>
  )
}

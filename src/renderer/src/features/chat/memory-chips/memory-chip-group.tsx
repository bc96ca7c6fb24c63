import { useId, useState } from 'react'
import { ChevronRight, Undo2 } from 'lucide-react'
import { plural } from '../../../lib/format'
import type { ChipData } from './chip-data'
import { MemoryChip } from './memory-chip'
import { UndoAllReport } from './undo-all-report'
import { undoableSeqs } from './undo-all'
import { useUndoAll } from './use-undo-all'

/**
 * An answer's memory changes as one row: "12 memory changes", opened to the chips, and Undo all
 * (undo-all.ts). What could not be undone is listed with the same choices as one chip's Undo.
 */
export function MemoryChipGroup({
  chips,
  onOpen
}: {
  chips: ChipData[]
  onOpen(path: string): void
}) {
  const [open, setOpen] = useState(false)
  const { state, generation, run, anyway, keep } = useUndoAll(chips)
  const listId = useId()
  const total = undoableSeqs(chips).length
  const failed = chips.filter((chip) => chip.status === 'error').length

  return (
    <div className="my-1 flex max-w-full flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex items-center gap-1 self-start rounded-full border border-line bg-sunken px-2 py-0.5 text-xs text-muted"
        >
          <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
          {plural(chips.length, 'memory change')}
          {failed ? ` (${failed} refused)` : ''}
        </button>
        {total > 0 && state.kind !== 'done' ? (
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs text-muted hover:bg-fg/10 hover:text-fg disabled:opacity-50"
            disabled={state.kind === 'busy'}
            onClick={run}
          >
            <Undo2 size={12} aria-hidden />
            Undo all
          </button>
        ) : null}
      </div>
      {state.kind === 'done' ? (
        <UndoAllReport state={state} total={total} onAnyway={anyway} onKeep={keep} />
      ) : null}
      {open ? (
        <div id={listId} key={generation} className="flex flex-col pl-2">
          {chips.map((chip, i) => (
            <MemoryChip key={`${chip.memory?.seq ?? 'x'}-${i}`} chip={chip} onOpen={onOpen} />
          ))}
        </div>
      ) : null}
    </div>
  )
}

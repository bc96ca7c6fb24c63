import { useId, useState } from 'react'
import { ChevronRight, FileSearch, TriangleAlert } from 'lucide-react'
import { MEMORY_OFF_TOOL_TEXT } from '@shared/chat/chat'
import { CAP_NOUN, CAP_SETTING, refusalWords } from '@shared/memory/caps'
import { navigate } from '../../../lib/navigation'
import { ChipChange } from './chip-change'
import type { ChipData } from './chip-data'
import { secretRedaction, secretRefusal } from './secret-chip'
import { fileName } from '../../memory/change-words'
import { UndoControl } from '../../memory/history/undo-control'

export type { ChipData } from './chip-data'

// [done, running, refused] for each memory command.
const WORDS: Record<string, [string, string, string]> = {
  view: ['Viewed', 'Viewing', 'View'],
  create: ['Created', 'Creating', 'Create'],
  str_replace: ['Edited', 'Editing', 'Edit'],
  insert: ['Edited', 'Editing', 'Edit'],
  delete: ['Deleted', 'Deleting', 'Delete'],
  rename: ['Renamed', 'Renaming', 'Rename']
}

/** "Created /memories/projects.md", "Edit refused: …": one memory operation, in words. */
export function chipLabel(chip: ChipData): string {
  const [done, running, refused] = WORDS[chip.command] ?? [chip.command, chip.command, chip.command]
  const target = chip.path ? ` ${chip.path}` : ''
  if (chip.status === 'running') return `${running}${target}…`
  if (chip.status === 'cancelled') return `${done}${target} (stopped)`
  if (isMemoryOff(chip)) return 'No memory in this chat: nothing was read or saved'
  if (chip.status === 'error' && chip.cap) return refusalWords(chip.cap)
  if (chip.status === 'error')
    return secretRefusal(chip.result) ?? `${refused} refused: ${chip.result.split('\n')[0] ?? ''}`
  const redacted = secretRedaction(chip.result)
  return `${done}${target}${redacted ? ` · ${redacted}` : ''}`
}

/** Claude reached for memory in a chat without it: the user's choice, not a failure. */
function isMemoryOff(chip: ChipData): boolean {
  return chip.status === 'error' && chip.result === MEMORY_OFF_TOOL_TEXT
}

/** The path a chip can open in the inspector (a rename opens where the file went). */
function openablePath(chip: ChipData): string | null {
  if (!chip.path || chip.command === 'delete' || chip.status === 'error') return null
  const target = chip.path.split(' → ').pop() ?? chip.path
  return /^\/memories\/.+/.test(target) ? target : null
}

/** Claude's change to memory inside an answer: what it did in words, expands to what changed. */
export function MemoryChip({ chip, onOpen }: { chip: ChipData; onOpen(path: string): void }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const failed = chip.status === 'error' && !isMemoryOff(chip)
  const path = openablePath(chip)
  const undoable = chip.status === 'done' && chip.memory && chip.memory.versions.length > 0
  return (
    <div className="my-1 flex max-w-full flex-col">
      <div className="flex max-w-full flex-wrap items-center gap-1.5">
        <div
          className={`inline-flex max-w-full min-w-0 items-center gap-1 self-start rounded-full border px-1 text-xs ${
            failed
              ? 'border-danger/40 bg-danger-soft text-danger'
              : 'border-line bg-sunken text-muted'
          }`}
        >
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex min-w-0 items-center gap-1 rounded-full py-0.5 pr-1 pl-1.5"
          >
            <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
            {failed ? <TriangleAlert size={12} aria-hidden /> : null}
            <span className="truncate">{chipLabel(chip)}</span>
          </button>
          {path ? (
            <button
              type="button"
              onClick={() => onOpen(path)}
              aria-label={`Open ${path} in the memory inspector`}
              className="rounded-full p-1 hover:bg-fg/10"
            >
              <FileSearch size={12} aria-hidden />
            </button>
          ) : null}
        </div>
        {failed && chip.cap ? (
          <button
            type="button"
            className="rounded-full px-1.5 py-0.5 text-xs text-fg underline hover:bg-fg/5"
            onClick={() =>
              chip.cap && navigate({ view: 'settings', field: CAP_SETTING[chip.cap.cap] })
            }
          >
            Raise the {CAP_NOUN[chip.cap.cap]}
          </button>
        ) : null}
        {undoable && chip.memory ? (
          <UndoControl
            seq={chip.memory.seq}
            word={chip.command === 'delete' ? 'Restore' : 'Undo'}
            by="Claude"
            what={`Claude's change to ${fileName(chip.memory.versions[0]?.path ?? '')}`}
          />
        ) : null}
      </div>
      {open ? (
        <div id={detailsId} className="mt-1 max-w-full">
          <ChipChange chip={chip} />
        </div>
      ) : null}
    </div>
  )
}

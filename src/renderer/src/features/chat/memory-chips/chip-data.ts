import type { CapRefusal } from '@shared/memory/caps'
import type { MemoryOpRef } from '@shared/memory/memory'

// What a memory chip shows, apart from the chip, so its parts (chip-change) need not import it.

export interface ChipData {
  command: string
  path: string | null
  status: 'running' | 'done' | 'error' | 'cancelled'
  /** The operation's result text (or its first line while live). */
  result: string
  /** The tool call's input (what Claude asked for): the change when history has none. */
  input?: Record<string, unknown>
  /** The activity entry this change made and its versions: the diff, and Undo. */
  memory?: MemoryOpRef
  /** A write a memory cap refused: which cap (the label names it, a link opens its setting). */
  cap?: CapRefusal
}

import type { ChatMessage, ToolResultBlock } from '@shared/chat/chat'
import { answerRounds } from '../turn-status/answer-usage'
import type { ChipData } from './chip-data'
import { chipOf, isWrite } from './chip-of'

// Many memory changes in one answer fold into one summary row ("12 memory changes") at the
// answer's end, with Undo all; before, each was a row of its own and there was no way to undo
// the answer's changes together. An answer still being written keeps its chips inline.

/** From this many changes in one answer, they are shown as one group. */
export const GROUP_FROM = 3

export interface TurnWrites {
  /** Replies whose change chips are shown in their answer's group instead. */
  folded: ReadonlySet<string>
  /** The last reply of an answer → its changes, in the order they were made. */
  groups: ReadonlyMap<string, ChipData[]>
}

export function turnWrites(
  messages: readonly ChatMessage[],
  results: ReadonlyMap<string, ToolResultBlock>,
  running: boolean
): TurnWrites {
  const folded = new Set<string>()
  const groups = new Map<string, ChipData[]>()
  for (const [endId, rounds] of answerRounds(messages, running)) {
    const chips = rounds.flatMap((message) =>
      message.content.flatMap((block) =>
        block.type === 'tool_use' && isWrite(block)
          ? [chipOf(block, results.get(block.id), message)]
          : []
      )
    )
    if (chips.length < GROUP_FROM) continue
    groups.set(endId, chips)
    for (const message of rounds) folded.add(message.id)
  }
  return { folded, groups }
}

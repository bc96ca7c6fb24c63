import type { Conversation, UserMessage } from '@shared/chat/chat'
import type { MemoryToolRunner } from '../types'

/*
 * When the user undoes one of Claude's memory changes (a chip's Undo, or Activity), Claude is told
 * on the next message, so it does not quietly make the change again. Each undo is told once
 * (`frame.toldUndone`), the way request-frame.ts tells of other changes: a note at the end.
 */

const NOTE_HEAD = 'Note from Cairn, the app (not written by the user):'

/** Claude's changes in this conversation: activity seq → what it did, in words. */
function changesOf(conversation: Conversation): Map<number, string> {
  const calls = new Map<string, Record<string, unknown>>()
  const changes = new Map<number, string>()
  for (const message of conversation.messages) {
    if (message.role === 'assistant')
      for (const b of message.content) if (b.type === 'tool_use') calls.set(b.id, b.input)
    if (message.role !== 'user') continue
    for (const b of message.content) {
      if (b.type !== 'tool_result' || !b.memory) continue
      const input = calls.get(b.tool_use_id) ?? {}
      const command = typeof input.command === 'string' ? input.command : 'change'
      const path =
        typeof input.path === 'string'
          ? input.path
          : typeof input.old_path === 'string'
            ? input.old_path
            : ''
      changes.set(b.memory.seq, `${command} ${path}`.trim())
    }
  }
  return changes
}

/**
 * Adds to a new user message the changes the user undid since Claude was last told, and counts
 * them as told. Returns the undo, for when the message cannot be saved.
 */
export async function noteUndone(
  conversation: Conversation,
  message: UserMessage,
  memory: Pick<MemoryToolRunner, 'undone'>
): Promise<() => void> {
  const frame = conversation.frame
  if (!frame || !memory.undone) return () => undefined
  const told = new Set(frame.toldUndone ?? [])
  const changes = changesOf(conversation)
  const asked = [...changes.keys()].filter((seq) => !told.has(seq))
  if (asked.length === 0) return () => undefined
  const undone = await memory.undone(asked).catch(() => [])
  if (undone.length === 0) return () => undefined
  const lines = undone.map((seq) => `- ${changes.get(seq) ?? 'a change'}`)
  const note = `${NOTE_HEAD}\n\nThe user undid ${undone.length === 1 ? 'this change' : 'these changes'} you made to memory:\n${lines.join('\n')}\nDo not make ${undone.length === 1 ? 'it' : 'them'} again unless the user asks.`
  const before = { context: message.context, told: frame.toldUndone }
  message.context = message.context ? `${message.context}\n\n${note}` : note
  frame.toldUndone = [...told, ...undone]
  return () => {
    if (before.told === undefined) delete frame.toldUndone
    else frame.toldUndone = before.told
    if (before.context === undefined) delete message.context
    else message.context = before.context
  }
}

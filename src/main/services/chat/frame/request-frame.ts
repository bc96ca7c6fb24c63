import type { Conversation, RequestFrame, UserMessage } from '@shared/chat/chat'
import type { Settings } from '@shared/app/settings'
import {
  instructionsFor,
  memoryOn,
  type ProjectInstructions
} from '../conversations/conversation-options'

/*
 * Append-only requests. On the newest models a thinking block is bound to everything before it
 * (system, tools, every earlier message), and one sent back after any of that changed is refused.
 * So a conversation's `system` is built once, at its first request, and sent with the same bytes
 * every time; the memory tool is always listed (with memory off it answers that memory is off).
 * A later change to what the system text said — the chat's instructions, memory switched, the
 * memory guidance — goes at the end instead: a note on the next user message.
 */

type FrameSettings = Pick<Settings, 'customInstructions' | 'memoryGuidance'>

export const MEMORY_OFF_SYSTEM =
  'Memory is off for this chat: the memory tool answers every call with an error, and nothing is read or saved. Answer without memory.'

const NOTE_HEAD = 'Note from Cairn, the app (not written by the user):'

/** What Claude should be told now, from the chat's options, its project and Settings. */
function toldNow(
  conversation: Conversation,
  settings: FrameSettings,
  project: ProjectInstructions | null
): RequestFrame['told'] {
  return {
    instructions: instructionsFor(conversation, settings, project),
    memory: memoryOn(conversation) ? 'on' : 'off',
    guidance: settings.memoryGuidance.trim(),
    // Only a project's space is named, so frames outside projects stay as they were.
    ...(conversation.space ? { space: conversation.space } : {})
  }
}

/** The system text for what Claude is told: instructions, then memory guidance or "memory off". */
export function systemFor(told: RequestFrame['told']): string {
  const memory = told.memory === 'on' ? told.guidance : MEMORY_OFF_SYSTEM
  return [told.instructions, memory].filter((part) => part.length > 0).join('\n\n')
}

/**
 * The conversation's frame, set on its first request. A conversation from before frames had its
 * system text built anew for each request, so thinking from before this one is not sent back.
 */
export function ensureFrame(
  conversation: Conversation,
  settings: FrameSettings,
  now: string,
  project: ProjectInstructions | null = null
): RequestFrame {
  if (conversation.frame) return conversation.frame
  const told = toldNow(conversation, settings, project)
  const replied = conversation.messages.some((m) => m.role === 'assistant')
  conversation.frame = { system: systemFor(told), told, ...(replied ? { thinkingSince: now } : {}) }
  return conversation.frame
}

/**
 * The note a new user message carries for what changed since Claude was last told, and what
 * Claude is told once it is sent; null when nothing changed (or no request was made yet: the
 * first request's system text says it all).
 */
export function contextNote(
  conversation: Conversation,
  settings: FrameSettings,
  project: ProjectInstructions | null = null
): { text: string; told: RequestFrame['told'] } | null {
  const frame = conversation.frame
  if (!frame) return null
  const was = frame.told
  const now = toldNow(conversation, settings, project)
  const parts: string[] = []
  // First: what /memories is. The instructions that follow may speak of the new project.
  if (now.space !== was.space && now.memory === 'on')
    parts.push(
      project
        ? `This chat was moved to the project “${project.name}”. From now on /memories is that project's memory, not the memory you saw earlier in this chat: view it again before relying on what you remember from it.`
        : `This chat was moved out of its project. From now on /memories is the user's general memory, not the project memory you saw earlier in this chat: view it again before relying on what you remember from it.`
    )
  if (now.instructions !== was.instructions)
    parts.push(
      now.instructions.length > 0
        ? `The user changed the instructions for this chat. From now on, follow these instead of any given earlier:\n<instructions>\n${now.instructions}\n</instructions>`
        : 'The user removed the instructions for this chat. From now on, follow none of the instructions given earlier.'
    )
  if (now.memory !== was.memory)
    parts.push(
      now.memory === 'off'
        ? 'Memory is now off for this chat: the memory tool answers every call with an error, and nothing is read or saved. Answer without memory until it is turned on again.'
        : `Memory is on again for this chat: the memory tool works.${now.guidance ? `\n${now.guidance}` : ''}`
    )
  else if (now.memory === 'on' && now.guidance !== was.guidance && now.guidance.length > 0)
    parts.push(`New guidance for the memory tool, in place of any given earlier:\n${now.guidance}`)
  if (parts.length === 0) return null
  return { text: [NOTE_HEAD, ...parts].join('\n\n'), told: now }
}

/**
 * Puts on a new user message what changed since Claude was last told (contextNote), and counts
 * it as told. Returns the undo, for when the message cannot be saved.
 */
export function annotateMessage(
  conversation: Conversation,
  message: UserMessage,
  settings: FrameSettings,
  project: ProjectInstructions | null = null
): () => void {
  const note = contextNote(conversation, settings, project)
  const frame = conversation.frame
  if (!note || !frame) return () => undefined
  const before = { context: message.context, told: frame.told }
  message.context = message.context ? `${message.context}\n\n${note.text}` : note.text
  frame.told = note.told
  return () => {
    frame.told = before.told
    if (before.context === undefined) delete message.context
    else message.context = before.context
  }
}

/**
 * Thinking from before now is not sent back from the next request on (the history before it
 * changes: another model). Only a conversation that has a frame has sent any.
 */
export function restartThinking(conversation: Conversation, now: string): void {
  if (conversation.frame) conversation.frame.thinkingSince = now
}

/** The `tools` of a conversation whose frame names none: only the memory tool. */
const MEMORY_ONLY = JSON.stringify([{ type: 'memory_20250818', name: 'memory' }])

/**
 * Keeps the frame's tools in step with what this request lists. The tools change only when the
 * chat's web tools are switched, the model takes other ones, or Settings change their sites: then
 * thinking from before is not sent back (it was bound to the old tools).
 */
export function syncTools(conversation: Conversation, tools: unknown[], now: string): boolean {
  const frame = conversation.frame
  if (!frame) return false
  const json = JSON.stringify(tools)
  if ((frame.tools ?? MEMORY_ONLY) === json) return false
  if (json === MEMORY_ONLY) delete frame.tools
  else frame.tools = json
  frame.thinkingSince = now
  return true
}

import { z } from 'zod'
import {
  ConversationIdSchema,
  ConversationSchema,
  type BranchPoint,
  type ChatMessage,
  type UserMessage
} from './chat'
import { SendInputSchema } from './channels'

// Message actions over IPC (edit and resend, regenerate, switch version) and the one helper both
// sides need: where the versions of a conversation begin in the shown messages.

const MessageId = z
  .string({ error: 'messageId must be text' })
  .min(1, { error: 'messageId cannot be empty' })
  .max(200, { error: 'messageId is not a message id' })

export const EditMessageInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  messageId: MessageId,
  // Edits change text only (a message's files stay), so the text itself cannot be blank.
  text: SendInputSchema.shape.text.refine((text) => text.trim().length > 0, {
    error: 'the message cannot be empty'
  })
})
export const SwitchVersionInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  /** The message where the versions begin (the one showing "‹ 1/2 ›"). */
  messageId: MessageId,
  /** 0-based. */
  version: z
    .number({ error: 'version must be a number' })
    .int({ error: 'version must be a whole number' })
    .min(0, { error: 'version cannot be negative' })
    .max(10_000, { error: 'there is no such version' })
})
/** The conversation as it is now (the new version shown), and the reply that started. */
export const BranchActionOutputSchema = z.object({
  turnId: z.string(),
  conversation: ConversationSchema
})
export const SwitchVersionOutputSchema = z.object({ conversation: ConversationSchema })
export type EditMessageInput = z.infer<typeof EditMessageInputSchema>
export type SwitchVersionInput = z.infer<typeof SwitchVersionInputSchema>

/** A message the user typed (tool results travel as user messages too, but are not typed). */
export function isTyped(message: ChatMessage): message is UserMessage {
  return (
    message.role === 'user' &&
    message.content.some((b) => b.type === 'text') &&
    !message.content.some((b) => b.type === 'tool_result')
  )
}

/** Index in `messages` of a point's first differing message; -1 for a point not on this path. */
export function forkIndex(messages: readonly ChatMessage[], point: BranchPoint): number {
  if (point.after === null) return messages.length > 0 ? 0 : -1
  const at = messages.findIndex((m) => m.id === point.after)
  return at === -1 || at + 1 > messages.length ? -1 : at + 1
}

export interface VersionsAt {
  /** 0-based. */
  index: number
  count: number
  /** Names the branch point across versions (its `after`; '' for the start). */
  fork: string
}

/** For each message where versions begin: which version is shown, of how many. */
export function versionsByMessage(
  messages: readonly ChatMessage[],
  branches: readonly BranchPoint[] | undefined
): Map<string, VersionsAt> {
  const out = new Map<string, VersionsAt>()
  for (const point of branches ?? []) {
    const at = forkIndex(messages, point)
    const first = at === -1 ? undefined : messages[at]
    // A version being written has no message yet; its point shows once the reply lands.
    if (first)
      out.set(first.id, {
        index: point.active,
        count: point.others.length + 1,
        fork: point.after ?? ''
      })
  }
  return out
}

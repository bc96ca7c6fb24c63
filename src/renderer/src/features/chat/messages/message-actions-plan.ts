import type { BranchPoint, ChatMessage, UserMessage } from '@shared/chat/chat'
import { isTyped, versionsByMessage, type VersionsAt } from '@shared/chat/message-actions'

/*
 * Which actions each row of the conversation offers. An answer (Claude's messages and memory
 * operations between two of your messages) is copied and regenerated as one, from its last row.
 */

export interface RowPlan {
  kind: 'user' | 'answer'
  /** What Copy puts on the clipboard: Markdown. */
  markdown: string
  /** Your message can be edited and sent again. */
  editable: boolean
  /** The last answer of the conversation. */
  regenerable: boolean
  /** Versions beginning here (or at this answer's first message), if any. */
  versions: (VersionsAt & { messageId: string }) | null
}

const textBlocks = (message: ChatMessage): string[] =>
  message.role === 'notice'
    ? []
    : message.content.flatMap((b) => (b.type === 'text' && b.text.trim() ? [b.text.trim()] : []))

/** Your message as you wrote it. */
export function userMarkdown(message: UserMessage): string {
  return textBlocks(message).join('\n\n')
}

/**
 * Claude's text blocks in order, separated by blank lines. Memory operations are left out: the
 * copy is the answer to paste elsewhere, and the operations (with paths and notes from your memory
 * folder) are Cairn's record, kept in the conversation and the memory activity log.
 */
export function answerMarkdown(messages: readonly ChatMessage[]): string {
  return messages
    .filter((m) => m.role === 'assistant')
    .flatMap(textBlocks)
    .join('\n\n')
}

/** A plan whose Markdown is joined when a row first reads it: the plans are rebuilt for the whole
 *  conversation on every message (thousands of answers), and only the rows on screen read it. */
function withMarkdown(plan: Omit<RowPlan, 'markdown'>, join: () => string): RowPlan {
  let markdown: string | null = null
  return Object.defineProperty(plan, 'markdown', {
    get: () => (markdown ??= join()),
    enumerable: true
  }) as RowPlan
}

export function planRows(
  messages: readonly ChatMessage[],
  branches: readonly BranchPoint[]
): Map<string, RowPlan> {
  const versions = versionsByMessage(messages, branches)
  const at = (id: string) => {
    const found = versions.get(id)
    return found ? { ...found, messageId: id } : null
  }
  const plans = new Map<string, RowPlan>()
  let answer: ChatMessage[] = []
  const closeAnswer = (last: boolean) => {
    const rows = answer.filter((m) => m.role === 'assistant')
    const end = rows.at(-1)
    if (end) {
      const forked = answer.find((m) => versions.has(m.id))
      const replies = answer
      plans.set(
        end.id,
        withMarkdown(
          {
            kind: 'answer',
            editable: false,
            regenerable: last,
            versions: forked ? at(forked.id) : null
          },
          () => answerMarkdown(replies)
        )
      )
    }
    answer = []
  }
  for (const message of messages) {
    if (!isTyped(message)) {
      answer.push(message)
      continue
    }
    closeAnswer(false)
    plans.set(
      message.id,
      withMarkdown(
        { kind: 'user', editable: true, regenerable: false, versions: at(message.id) },
        () => userMarkdown(message)
      )
    )
  }
  closeAnswer(true)
  return plans
}

/** The last answer's Markdown, for Ctrl/Cmd+Shift+C. */
export function lastAnswerMarkdown(plans: ReadonlyMap<string, RowPlan>): string | null {
  let found: string | null = null
  for (const plan of plans.values()) if (plan.kind === 'answer') found = plan.markdown
  return found
}

export function lastUserMessageId(messages: readonly ChatMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i] as ChatMessage
    if (isTyped(message)) return message.id
  }
  return null
}

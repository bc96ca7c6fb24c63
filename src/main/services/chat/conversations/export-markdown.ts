import type {
  AssistantMessage,
  ChatMessage,
  Conversation,
  ToolResultBlock
} from '@shared/chat/chat'
import { describeTool } from '@shared/memory/memory-call'
import { summarize } from '@shared/chat/tool-summary'

/*
 * A conversation as a Markdown file people can read, share or archive: each message under a
 * heading with who wrote it and when, Claude's memory operations as a plain list (what it did and
 * how it went), attachments named. Nothing is sent anywhere; main writes where the user chose.
 */

const VERBS: Record<string, string> = {
  view: 'Viewed',
  create: 'Wrote',
  str_replace: 'Edited',
  insert: 'Inserted into',
  delete: 'Deleted',
  rename: 'Renamed'
}

/** "2026-11-22 14:05 UTC": unambiguous wherever the file is opened. */
function when(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

function memoryLine(input: Record<string, unknown>, result: ToolResultBlock | undefined): string {
  const { command, path } = describeTool(input)
  const action = `${VERBS[command] ?? `Ran ${command} on`} ${path ? `\`${path}\`` : 'memory'}`
  if (!result) return `- ${action} (no result: the turn ended first)`
  return result.is_error ? `- ${action}: failed (${summarize(result.content)})` : `- ${action}`
}

/** A block this file does not know (an attachment, say), named by whatever it carries. */
function otherBlock(block: { type: string } & Record<string, unknown>): string | null {
  const name = [block.name, block.fileName, block.title].find((v) => typeof v === 'string')
  if (block.type === 'tool_result' || block.type === 'text') return null
  return `*[${block.type === 'image' ? 'Image' : 'Attachment'}${name ? `: ${String(name)}` : ''}]*`
}

function assistantBody(message: AssistantMessage, results: Map<string, ToolResultBlock>): string {
  const parts: string[] = []
  const memory: string[] = []
  for (const block of message.content) {
    if (block.type === 'text' && block.text.trim()) parts.push(block.text.trim())
    else if (block.type === 'tool_use') memory.push(memoryLine(block.input, results.get(block.id)))
  }
  if (memory.length > 0) parts.push(`**Memory**\n\n${memory.join('\n')}`)
  if (message.error) parts.push(`> ${message.error.message}`)
  else if (message.status === 'interrupted') parts.push('> *Stopped before the answer finished.*')
  return parts.join('\n\n')
}

function messageSection(message: ChatMessage, results: Map<string, ToolResultBlock>): string {
  if (message.role === 'notice') return `> *${message.text}*`
  if (message.role === 'assistant')
    return `## Claude · ${when(message.createdAt)}\n\n${assistantBody(message, results)}`
  const parts = message.content.flatMap((block) =>
    block.type === 'text'
      ? [block.text.trim()]
      : (otherBlock(block as { type: string } & Record<string, unknown>) ?? [])
  )
  return `## You · ${when(message.createdAt)}\n\n${parts.filter(Boolean).join('\n\n')}`
}

/** The user's own messages (tool results travel as user messages too, but show no text). */
function isTyped(message: ChatMessage): boolean {
  return message.role !== 'user' || message.content.some((b) => b.type !== 'tool_result')
}

export function conversationToMarkdown(conversation: Conversation, exportedAt: Date): string {
  const results = new Map<string, ToolResultBlock>()
  for (const message of conversation.messages)
    if (message.role === 'user')
      for (const block of message.content)
        if (block.type === 'tool_result') results.set(block.tool_use_id, block)
  const sections = conversation.messages.filter(isTyped).map((m) => messageSection(m, results))
  const header = [
    `# ${conversation.title}`,
    `*Exported from Cairn on ${when(exportedAt.toISOString())} · started ${when(conversation.createdAt)} · model ${conversation.model}*`
  ]
  return `${[...header, ...sections].join('\n\n')}\n`
}

/** A file name from the title: safe on every OS, never empty. */
export function exportFileName(conversation: Conversation): string {
  const base = conversation.title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim()
  return `${base || 'Conversation'}.md`
}

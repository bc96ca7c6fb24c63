import type Anthropic from '@anthropic-ai/sdk'
import type { ChatMessage, Conversation } from '@shared/chat/chat'
import { titleFrom } from '../conversations/conversations'

// What a title request says, and what is kept of the answer. Pure: no client, no disk.

/** The fake API knows a title request by this opening (e2e/fake-anthropic/titles.ts). */
export const TITLE_SYSTEM = [
  'You name conversations.',
  'Reply with a short title, at most six words, that says what the conversation is about,',
  'in the language the person wrote in.',
  'Reply with the title only: no quotes, no preamble, no punctuation at the end.'
].join(' ')
export const TITLE_ASK = 'Write the title for the conversation above.'
/** A few words take about 15 tokens; this leaves room, and caps what a title can cost. */
export const TITLE_MAX_TOKENS = 40
/** What of the first message and the first answer is sent: enough to know what it is about. */
const EXCERPT_CHARS = 3000
const TITLE_CHARS = 60
const TITLE_WORDS = 8

/** What a title is written from, and the title it replaces (a change meanwhile wins). */
export interface TitleBasis {
  replaces: string
  /** The first message's words (or, with none, the names of its files). */
  message: string
  /** The names of files sent with those words ('' when none). */
  files: string
  answer: string
}

/** A message a person wrote (not tool results going back to Claude). */
function isPrompt(message: ChatMessage): boolean {
  return (
    message.role === 'user' &&
    message.content.some((b) => b.type === 'text' || b.type === 'attachment')
  )
}

/**
 * What to name the chat from, when it is due: its title is still the one its first message gave
 * it (no rename, no title written before), and exactly one message of the person's has an answer
 * with words. null otherwise: a second answer, a renamed chat, a chat already named.
 */
export function titleBasis(conversation: Conversation): TitleBasis | null {
  if (conversation.titleSource !== 'auto') return null
  const prompts = conversation.messages.filter(isPrompt)
  const first = prompts[0]
  if (prompts.length !== 1 || first?.role !== 'user') return null
  const words = first.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n')
  const files = first.content.flatMap((b) => (b.type === 'attachment' ? [b.name] : []))
  if (conversation.title !== titleFrom(words.trim() ? words : (files[0] ?? ''))) return null
  const after = conversation.messages.slice(conversation.messages.indexOf(first) + 1)
  const answer = after
    .flatMap((m) => (m.role === 'assistant' ? m.content : []))
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('\n')
    .trim()
  if (!answer) return null
  const names = files.join(', ')
  return {
    replaces: conversation.title,
    message: excerpt(words.trim() || names),
    files: words.trim() ? names : '',
    answer: excerpt(answer)
  }
}

function excerpt(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS)}…`
}

/** The request: no tools (memory least of all), no thinking, a small reply. */
export function titleRequest(
  model: string,
  basis: TitleBasis
): Anthropic.Messages.MessageCreateParamsNonStreaming {
  return {
    model,
    max_tokens: TITLE_MAX_TOKENS,
    system: TITLE_SYSTEM,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: basis.message },
          ...(basis.files
            ? [{ type: 'text' as const, text: `Files attached: ${basis.files}` }]
            : [])
        ]
      },
      { role: 'assistant', content: basis.answer },
      { role: 'user', content: TITLE_ASK }
    ]
  }
}

const QUOTES = `"'“”‘’«»\`*_#`
const EDGE_QUOTES = new RegExp(`^[${QUOTES}\\s]+|[${QUOTES}\\s]+$`, 'gu')
const END_PUNCTUATION = /[\s.!?,;:…。！？、]+$/u

/**
 * The title from the model's answer: its first line, without a "Title:" lead, quotes or closing
 * punctuation, at most 8 words and 60 characters. null when nothing is left.
 */
export function cleanTitle(answer: string): string | null {
  let title = answer.split('\n').find((line) => line.trim() !== '') ?? ''
  title = title.replace(/^\s*title\s*:\s*/i, '')
  for (let before = ''; before !== title;) {
    before = title
    title = title.replace(EDGE_QUOTES, '').replace(END_PUNCTUATION, '')
  }
  title = title.replace(/\s+/g, ' ').split(' ').slice(0, TITLE_WORDS).join(' ')
  if (title.length > TITLE_CHARS) {
    const cut = title.slice(0, TITLE_CHARS)
    const space = cut.lastIndexOf(' ')
    title = space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut
  }
  title = title.replace(END_PUNCTUATION, '')
  return title.trim() === '' ? null : title.trim()
}

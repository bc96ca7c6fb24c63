import { ChatMessageSchema, type ChatMessage } from '@shared/chat/chat'

/*
 * What can still be read of a damaged conversation file. The file is one JSON object written by
 * JSON.stringify (version, id, title, …, messages, then the options), so a write cut short keeps
 * the header and the messages up to where it stopped. The scanner walks the top-level object and
 * its `messages` array and keeps each value whose text is complete; each value is handed to the
 * native JSON.parse (fast), and each message to its schema. Reading stops at the first damage:
 * only the messages before it are kept, never one past a gap.
 */

export interface Salvage {
  /** Top-level fields read whole before the damage (messages apart). */
  header: Record<string, unknown>
  /** Messages before the damage that are whole and valid, in order. */
  messages: ChatMessage[]
  /** Why the file could not be read as it is, in words for the user. */
  reason: string
  /** The top-level object was read to its end (so a field it lacks was never written). */
  ended: boolean
}

/** Reads whole as JSON, yet not as a conversation: the load's own reason says more. */
export const NOT_A_CONVERSATION = 'it is not a conversation Cairn can read'

class Damage extends Error {}

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09])

/** Reads what it can; never throws. */
export function salvageConversation(text: string): Salvage {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const header: Record<string, unknown> = {}
  const messages: ChatMessage[] = []
  const state = { messagesSeen: false, messagesDone: false, invalidMessage: false }
  let i = 0

  const skipSpace = () => {
    while (i < src.length && WHITESPACE.has(src.charCodeAt(i))) i += 1
  }
  /** The end of the string starting at `start` (its closing quote + 1). */
  const endOfString = (start: number): number => {
    for (let j = start + 1; j < src.length; j += 1) {
      const c = src.charCodeAt(j)
      if (c === 0x5c)
        j += 1 // backslash: skip the escaped character
      else if (c === 0x22) return j + 1
    }
    throw new Damage()
  }
  /** The end of the value at `start`: balanced brackets, a closed string, or a bare word. */
  const endOfValue = (start: number): number => {
    const first = src.charCodeAt(start)
    if (Number.isNaN(first)) throw new Damage()
    if (first === 0x22) return endOfString(start)
    if (first === 0x7b || first === 0x5b) {
      let depth = 0
      for (let j = start; j < src.length; j += 1) {
        const c = src.charCodeAt(j)
        if (c === 0x22) j = endOfString(j) - 1
        else if (c === 0x7b || c === 0x5b) depth += 1
        else if (c === 0x7d || c === 0x5d) {
          depth -= 1
          if (depth === 0) return j + 1
        }
      }
      throw new Damage()
    }
    // A number, true, false or null: whole only when something follows it (a cut "12" reads "1").
    let j = start
    while (j < src.length && /[-+0-9.eEtrufalsn]/.test(src.charAt(j))) j += 1
    if (j === start || j >= src.length) throw new Damage()
    return j
  }
  const value = (): unknown => {
    skipSpace()
    const end = endOfValue(i)
    try {
      const parsed: unknown = JSON.parse(src.slice(i, end))
      i = end
      return parsed
    } catch {
      throw new Damage()
    }
  }
  const expect = (code: number): void => {
    skipSpace()
    if (src.charCodeAt(i) !== code) throw new Damage()
    i += 1
  }
  /** The messages array, one whole message at a time. */
  const readMessages = (): void => {
    state.messagesSeen = true
    expect(0x5b)
    skipSpace()
    if (src.charCodeAt(i) === 0x5d) {
      i += 1
      state.messagesDone = true
      return
    }
    for (;;) {
      const raw = value()
      const message = ChatMessageSchema.safeParse(raw)
      if (!message.success) {
        state.invalidMessage = true
        throw new Damage()
      }
      messages.push(message.data)
      skipSpace()
      const next = src.charCodeAt(i)
      i += 1
      if (next === 0x5d) break
      if (next !== 0x2c) throw new Damage()
    }
    state.messagesDone = true
  }

  let whole = false
  try {
    expect(0x7b)
    skipSpace()
    if (src.charCodeAt(i) === 0x7d) i += 1
    else
      for (;;) {
        skipSpace()
        const key = value()
        if (typeof key !== 'string') throw new Damage()
        expect(0x3a)
        if (key === 'messages') readMessages()
        else {
          skipSpace()
          header[key] = value()
        }
        skipSpace()
        const next = src.charCodeAt(i)
        i += 1
        if (next === 0x7d) break
        if (next !== 0x2c) throw new Damage()
      }
    whole = true
  } catch (error) {
    if (!(error instanceof Damage)) throw error
  }

  skipSpace()
  const reason =
    src.trim() === ''
      ? 'it is empty'
      : state.invalidMessage
        ? `message ${messages.length + 1} is not one Cairn can read`
        : whole
          ? i < src.length
            ? 'there is other text after its end'
            : NOT_A_CONVERSATION
          : state.messagesDone
            ? 'it breaks off after its messages'
            : state.messagesSeen
              ? `it breaks off part-way through message ${messages.length + 1}`
              : Object.keys(header).length > 0
                ? 'it breaks off before its messages'
                : 'nothing in it can be read'
  return { header, messages, reason, ended: whole }
}

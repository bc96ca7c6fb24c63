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
const COMMA = 0x2c

/** A cursor over the text that hands out whole JSON values; Damage where it is cut or wrong. */
class Scanner {
  i = 0
  constructor(readonly src: string) {}

  skipSpace(): void {
    while (this.i < this.src.length && WHITESPACE.has(this.src.charCodeAt(this.i))) this.i += 1
  }

  /** The character code here (NaN past the end). */
  peek(): number {
    return this.src.charCodeAt(this.i)
  }

  /** The end of the string starting at `start` (its closing quote + 1). */
  endOfString(start: number): number {
    const { src } = this
    for (let j = start + 1; j < src.length; j += 1) {
      const c = src.charCodeAt(j)
      if (c === 0x5c)
        j += 1 // backslash: skip the escaped character
      else if (c === 0x22) return j + 1
    }
    throw new Damage()
  }

  /** The end of the value at `start`: balanced brackets, a closed string, or a bare word. */
  endOfValue(start: number): number {
    const { src } = this
    const first = src.charCodeAt(start)
    if (Number.isNaN(first)) throw new Damage()
    if (first === 0x22) return this.endOfString(start)
    if (first === 0x7b || first === 0x5b) {
      let depth = 0
      for (let j = start; j < src.length; j += 1) {
        const c = src.charCodeAt(j)
        if (c === 0x22) j = this.endOfString(j) - 1
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

  /** The next whole value, parsed by the native JSON.parse. */
  value(): unknown {
    this.skipSpace()
    const end = this.endOfValue(this.i)
    try {
      const parsed: unknown = JSON.parse(this.src.slice(this.i, end))
      this.i = end
      return parsed
    } catch {
      throw new Damage()
    }
  }

  expect(code: number): void {
    this.skipSpace()
    if (this.peek() !== code) throw new Damage()
    this.i += 1
  }

  /** After a member: true at the closing bracket `close`, false at a comma; Damage otherwise. */
  closes(close: number): boolean {
    this.skipSpace()
    const next = this.peek()
    this.i += 1
    if (next === close) return true
    if (next !== COMMA) throw new Damage()
    return false
  }
}

/** What the scan has read so far, and how far into the messages it got. */
interface Reading {
  header: Record<string, unknown>
  messages: ChatMessage[]
  messagesSeen: boolean
  messagesDone: boolean
  invalidMessage: boolean
}

/** Reads what it can; never throws. */
export function salvageConversation(text: string): Salvage {
  const scan = new Scanner(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  const reading: Reading = {
    header: {},
    messages: [],
    messagesSeen: false,
    messagesDone: false,
    invalidMessage: false
  }
  let whole = false
  try {
    readConversation(scan, reading)
    whole = true
  } catch (error) {
    if (!(error instanceof Damage)) throw error
  }
  scan.skipSpace()
  const { header, messages } = reading
  return { header, messages, reason: reasonFor(scan, reading, whole), ended: whole }
}

/** The top-level object: each field into the header, the messages one by one. */
function readConversation(scan: Scanner, reading: Reading): void {
  scan.expect(0x7b)
  scan.skipSpace()
  if (scan.peek() === 0x7d) {
    scan.i += 1
    return
  }
  do {
    scan.skipSpace()
    const key = scan.value()
    if (typeof key !== 'string') throw new Damage()
    scan.expect(0x3a)
    if (key === 'messages') readMessages(scan, reading)
    else {
      scan.skipSpace()
      reading.header[key] = scan.value()
    }
  } while (!scan.closes(0x7d))
}

/** The messages array, one whole message at a time. */
function readMessages(scan: Scanner, reading: Reading): void {
  reading.messagesSeen = true
  scan.expect(0x5b)
  scan.skipSpace()
  if (scan.peek() === 0x5d) {
    scan.i += 1
    reading.messagesDone = true
    return
  }
  do {
    const message = ChatMessageSchema.safeParse(scan.value())
    if (!message.success) {
      reading.invalidMessage = true
      throw new Damage()
    }
    reading.messages.push(message.data)
  } while (!scan.closes(0x5d))
  reading.messagesDone = true
}

/** Why the file could not be read as it is, in words for the user. */
function reasonFor(scan: Scanner, reading: Reading, whole: boolean): string {
  const { header, messages } = reading
  if (scan.src.trim() === '') return 'it is empty'
  if (reading.invalidMessage) return `message ${messages.length + 1} is not one Cairn can read`
  if (whole)
    return scan.i < scan.src.length ? 'there is other text after its end' : NOT_A_CONVERSATION
  if (reading.messagesDone) return 'it breaks off after its messages'
  if (reading.messagesSeen) return `it breaks off part-way through message ${messages.length + 1}`
  return Object.keys(header).length > 0
    ? 'it breaks off before its messages'
    : 'nothing in it can be read'
}

import { z } from 'zod'
import { ConversationIdSchema } from '../chat/chat'
import { MEMORY_ROOT } from '../memory/memory'
import { escapeName } from '../memory/names'

/*
 * cairn:// links, as another program or a web page hands them to the OS. Nothing in one is trusted:
 * it is cut into host, path segments and query by hand (never with a URL parser's normalising,
 * which would turn `a/../b` into `b` before we could refuse it), then checked by the schemas below.
 *
 *   cairn://conversation/<id>        opens that conversation
 *   cairn://memory/<path>            opens /memories/<path> in the memory inspector
 *   cairn://new?text=<text>          a new chat with the text in its composer (after the user agrees)
 */

export const APP_LINK_SCHEME = 'cairn'
/** Longer raw links are refused before any decoding (the text cap below, fully escaped, fits). */
export const APP_LINK_MAX_CHARS = 50_000
export const LINK_TEXT_MAX_CHARS = 4_000
export const LINK_MEMORY_PATH_MAX_CHARS = 1_000

// Controls, invisible format characters, private use, unassigned, line/paragraph separators and
// blank Braille: they can hide or reorder what the user reads. Newline and tab are fine in text,
// and the zero-width joiner holds emoji sequences together.
const HIDDEN_IN_TEXT = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\u2800]/u
const ALLOWED_IN_TEXT = new Set(['\n', '\t', '\u200d'])

function hasHiddenCharacters(text: string): boolean {
  for (const char of text) if (HIDDEN_IN_TEXT.test(char) && !ALLOWED_IN_TEXT.has(char)) return true
  return false
}

/** One name in a memory path: no traversal (also after NFKC: `．．`), no separators, nothing hidden. */
const MemorySegmentSchema = z
  .string()
  .min(1, { error: 'the memory path has an empty part (//)' })
  .refine((name) => !['.', '..'].includes(name.normalize('NFKC')), {
    error: 'the memory path steps out of its folder (. or ..)'
  })
  .refine((name) => !/[/\\]/.test(name.normalize('NFKC')), {
    error: 'a name in the memory path holds a slash once decoded'
  })
  .refine((name) => !name.includes('%'), {
    error: 'the memory path is encoded twice (a % is left after decoding)'
  })
  .refine((name) => !hasHiddenCharacters(name) && !name.includes('\n') && !name.includes('\t'), {
    error: 'the memory path holds control or invisible characters'
  })

export const LinkTextSchema = z
  .string()
  .max(LINK_TEXT_MAX_CHARS, {
    error: `the text is longer than ${LINK_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`
  })
  .refine((text) => !hasHiddenCharacters(text), {
    error: 'the text holds control or invisible characters'
  })

export const AppLinkTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('conversation'), conversationId: ConversationIdSchema }),
  z.strictObject({
    kind: z.literal('memory'),
    path: z
      .string()
      .max(MEMORY_ROOT.length + 1 + LINK_MEMORY_PATH_MAX_CHARS, {
        error: 'the memory path is too long'
      })
      .startsWith(`${MEMORY_ROOT}/`)
  }),
  z.strictObject({ kind: z.literal('new-chat'), text: LinkTextSchema })
])
export type AppLinkTarget = z.infer<typeof AppLinkTargetSchema>

/** A link Cairn will not follow: why, and the link as the user may see it (one escaped line). */
export const RefusedLinkSchema = z.strictObject({
  kind: z.literal('unknown'),
  reason: z.string().max(300),
  shown: z.string().max(220)
})
export type RefusedLink = z.infer<typeof RefusedLinkSchema>

export const AppLinkSchema = z.union([AppLinkTargetSchema, RefusedLinkSchema])
export type AppLink = z.infer<typeof AppLinkSchema>

function refused(raw: string, reason: string): RefusedLink {
  return { kind: 'unknown', reason, shown: escapeName(raw, 200) }
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/** The raw pieces of a link, or why it is not a cairn:// link at all. */
function split(
  raw: string
): { host: string; segments: string[]; query: string } | { problem: string } {
  const prefix = `${APP_LINK_SCHEME}://`
  if (raw.slice(0, prefix.length).toLowerCase() !== prefix)
    return { problem: 'it is not a cairn:// link' }
  const rest = raw.slice(prefix.length).replace(/#.*$/s, '')
  const queryAt = rest.indexOf('?')
  const beforeQuery = queryAt === -1 ? rest : rest.slice(0, queryAt)
  const query = queryAt === -1 ? '' : rest.slice(queryAt + 1)
  const slash = beforeQuery.indexOf('/')
  const host = (slash === -1 ? beforeQuery : beforeQuery.slice(0, slash)).toLowerCase()
  const path = slash === -1 ? '' : beforeQuery.slice(slash + 1)
  // A trailing slash (some launchers add one) is not an empty name.
  const segments = path === '' ? [] : path.replace(/\/$/, '').split('/')
  return { host, segments, query }
}

/**
 * What a cairn:// link asks for, checked by the schemas, or why Cairn refuses it. Never throws;
 * an unknown or hostile link comes back as `{kind: 'unknown'}` with a reason the user can read.
 */
/** The link that opens a conversation (Copy link in the conversation list). */
export function conversationLink(conversationId: string): string {
  return `${APP_LINK_SCHEME}://conversation/${encodeURIComponent(conversationId)}`
}

export function parseAppLink(raw: string): AppLink {
  if (raw.length > APP_LINK_MAX_CHARS)
    return refused(
      raw,
      `the link is longer than ${APP_LINK_MAX_CHARS.toLocaleString('en-US')} characters`
    )
  const parts = split(raw)
  if ('problem' in parts) return refused(raw, parts.problem)
  const { host, segments, query } = parts
  const candidate = toCandidate(host, segments, query)
  if ('problem' in candidate) return refused(raw, String(candidate.problem))
  const checked = AppLinkTargetSchema.safeParse(candidate)
  if (!checked.success) return refused(raw, checked.error.issues[0]?.message ?? 'it is not valid')
  return checked.data
}

function toCandidate(
  host: string,
  rawSegments: string[],
  query: string
): { kind: string; [field: string]: unknown } | { problem: string } {
  const segments = rawSegments.map(decode)
  if (segments.some((segment) => segment === null))
    return { problem: 'the link has broken %-encoding' }
  const names = segments as string[]
  if (host === 'conversation') {
    if (query) return { problem: 'a conversation link takes nothing after ?' }
    if (names.length !== 1) return { problem: 'a conversation link names exactly one conversation' }
    return { kind: 'conversation', conversationId: names[0] }
  }
  if (host === 'memory') {
    if (query) return { problem: 'a memory link takes nothing after ?' }
    if (names.length === 0) return { problem: 'the memory link names no file' }
    for (const name of names) {
      const checked = MemorySegmentSchema.safeParse(name)
      if (!checked.success) return { problem: checked.error.issues[0]?.message ?? 'bad path' }
    }
    const joined = names.join('/')
    if (joined.length > LINK_MEMORY_PATH_MAX_CHARS)
      return { problem: 'the memory path is too long' }
    return { kind: 'memory', path: `${MEMORY_ROOT}/${joined}` }
  }
  if (host === 'new') {
    if (names.length > 0) return { problem: 'a new-chat link has no path, only ?text=' }
    const params = query ? query.split('&') : []
    let text: string | null = null
    for (const param of params) {
      const [name = '', ...value] = param.split('=')
      if (name !== 'text')
        return { problem: `a new-chat link takes only text= (not “${escapeName(name, 40)}”)` }
      if (text !== null) return { problem: 'the link gives the text twice' }
      text = decode(value.join('=').replace(/\+/g, ' '))
      if (text === null) return { problem: 'the link has broken %-encoding' }
    }
    return { kind: 'new-chat', text: (text ?? '').replace(/\r\n?/g, '\n') }
  }
  if (host === '') return { problem: 'the link names nothing to open' }
  return { problem: `Cairn has no “${escapeName(host, 40)}” links` }
}

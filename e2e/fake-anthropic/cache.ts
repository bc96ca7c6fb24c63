import { createHash } from 'node:crypto'
import { deferredTools, isDeferred, referencesIn } from './tool-search'
import { pdfPages } from './validate-media'

/*
 * Prompt caching as the Messages API does it, so usage figures mean something in tests and the
 * chat benchmark. The prompt is read as one sequence of blocks in the API's order (tools, then
 * system, then each message's content); a block with `cache_control` is a breakpoint.
 *   - Each breakpoint writes the exact prefix up to and including its block, if that prefix is
 *     at least the model's minimum cacheable length (below it: no write, and so no read either).
 *   - A request reads the longest prefix already cached at a block boundary up to 20 blocks
 *     before any of its breakpoints (the API's lookback window); a read refreshes the entry.
 *   - Entries live 5 minutes, or an hour with `ttl: '1h'`, on an injectable clock.
 *   - Usage: cache_read = the prefix read, cache_creation = from there to the last breakpoint
 *     written, input_tokens = the rest, so the three add up to the whole prompt.
 * Tokens are approximated as ceil(characters / 4) of each block's JSON (without its
 * cache_control), the same way for every request; deferred tools count only once found; a block
 * naming a Files API file counts as that file sent inline (the model reads the same content); a
 * PDF counts PDF_PAGE_TOKENS a page, as the API counts a page's text and its image, not its bytes.
 * Not modelled: caches shared across workspaces, the rule that 1-hour entries come before
 * 5-minute ones, and invalidation by tool_choice/thinking changes (the model is in the key).
 */

type Json = Record<string, unknown>

export const MAX_BREAKPOINTS = 4
/**
 * Tokens a PDF page costs: Anthropic's PDF guide gives 1,500-3,000 text tokens a page, plus the
 * page as an image (about 1,600 for a letter page); the fake takes one round figure.
 */
export const PDF_PAGE_TOKENS = 3_000
export const LOOKBACK_BLOCKS = 20
const TTL_MS = { '5m': 5 * 60_000, '1h': 60 * 60_000 } as const

/**
 * Minimum cacheable prompt length per model, from Anthropic's prompt-caching documentation
 * (as quoted in 2026): 4,096 for Opus 4.6, Opus 4.5 and Haiku 4.5; 2,048 for Haiku 3.5 and 3;
 * 1,024 for Sonnet 4.6/4.5/4, Opus 4.1/4 and Sonnet 3.7.
 */
export function minimumCacheableTokens(model: string): number {
  if (/^claude-(opus-4-[56]|haiku-4-5)/.test(model)) return 4096
  if (/^claude-3(-5)?-haiku/.test(model)) return 2048
  return 1024
}

export interface CacheUsage {
  input_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
}

export interface PromptCacheOptions {
  /** Milliseconds since the epoch (default Date.now); tests move it to expire entries. */
  now?: () => number
  /** false: an API without caching (every input token at the base rate). Default true. */
  enabled?: boolean
  /**
   * What the model reads for a block that names its content elsewhere (a Files API `file_id`):
   * the block as if sent inline, so its tokens are the content's; null: the block as it is.
   */
  readAs?: (block: Json) => Json | null
}

export interface PromptCache {
  /** The usage of a valid request, writing and refreshing entries as the API would. */
  account(body: unknown): CacheUsage
  /** Live entries (for tests). */
  size(): number
}

interface Block {
  json: string
  tokens: number
  ttl: keyof typeof TTL_MS | null
}

interface Entry {
  expiresAt: number
  ttlMs: number
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The prompt's blocks in the order the API hashes them, each with its marker if any. Deferred
 * tools (tool search) are not in the prompt: a found one is, expanded where its reference is.
 */
function promptBlocks(body: Json): Array<{ block: Json; where: string; role?: string }> {
  const out: Array<{ block: Json; where: string; role?: string }> = []
  const tools = Array.isArray(body.tools) ? body.tools : []
  const deferred = deferredTools(body)
  tools.forEach(
    (tool, i) =>
      isObject(tool) && !isDeferred(tool) && out.push({ block: tool, where: `tools.${i}` })
  )
  if (typeof body.system === 'string' && body.system.length > 0)
    out.push({ block: { type: 'text', text: body.system }, where: 'system' })
  else if (Array.isArray(body.system))
    body.system.forEach((block, i) => isObject(block) && out.push({ block, where: `system.${i}` }))
  const messages = Array.isArray(body.messages) ? body.messages : []
  messages.forEach((message, i) => {
    if (!isObject(message)) return
    const role = String(message.role)
    const content =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : Array.isArray(message.content)
          ? message.content
          : []
    content.forEach((block, j) => {
      if (!isObject(block)) return
      const found = referencesIn(block).flatMap((name) => deferred.get(name) ?? [])
      const expanded = found.length > 0 ? { ...block, expanded_tools: found } : block
      out.push({ block: expanded, where: `messages.${i}.content.${j}`, role })
    })
  })
  return out
}

/** The API's refusals for misplaced or too many breakpoints, or null. */
export function checkCacheControl(body: Json): string | null {
  let found = 0
  for (const { block, where } of promptBlocks(body)) {
    const control = block.cache_control
    if (control === undefined || control === null) continue
    if (block.type === 'thinking' || block.type === 'redacted_thinking')
      return `${where}.${block.type}.cache_control: Extra inputs are not permitted`
    if (!isObject(control) || control.type !== 'ephemeral')
      return `${where}.cache_control.type: Input should be 'ephemeral'`
    if (control.ttl !== undefined && control.ttl !== '5m' && control.ttl !== '1h')
      return `${where}.cache_control.ttl: Input should be '5m' or '1h'`
    found += 1
  }
  if (found > MAX_BREAKPOINTS)
    return `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${found}.`
  return null
}

export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()

  const prune = (at: number): void => {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key)
  }

  return {
    size: () => {
      prune(now())
      return entries.size
    },
    account(body) {
      if (!isObject(body))
        return { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
      const blocks = promptBlocks(body).map(({ block, role }): Block => {
        const { cache_control: control, ...rest } = block
        const json = JSON.stringify(role ? { role, ...rest } : rest)
        const ttl = isObject(control) ? (control.ttl === '1h' ? '1h' : '5m') : null
        // The prefix is keyed by what was sent; its tokens are what the model reads.
        const read = options.readAs?.(rest) ?? rest
        const pages = pdfPagesOf(read)
        const counted = pages === null ? JSON.stringify(role ? { role, ...read } : read).length : 0
        return {
          json,
          tokens: pages === null ? Math.ceil(counted / 4) : pages * PDF_PAGE_TOKENS,
          ttl
        }
      })
      const upTo: number[] = []
      const keys: string[] = []
      let hash = createHash('sha256').update(String(body.model)).digest('hex')
      let sum = 0
      for (const block of blocks) {
        sum += block.tokens
        upTo.push(sum)
        hash = createHash('sha256').update(hash).update('\n').update(block.json).digest('hex')
        keys.push(hash)
      }
      const total = sum
      const breakpoints = blocks.flatMap((b, i) => (b.ttl ? [i] : []))
      if (options.enabled === false || breakpoints.length === 0)
        return { input_tokens: total, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }

      const at = now()
      prune(at)
      // The longest cached prefix within the lookback window of any breakpoint.
      let read = -1
      for (const b of breakpoints)
        for (let p = b; p >= Math.max(0, b - LOOKBACK_BLOCKS + 1); p -= 1)
          if (entries.has(keys[p]!)) {
            read = Math.max(read, p)
            break
          }
      if (read >= 0) {
        const entry = entries.get(keys[read]!)!
        entry.expiresAt = at + entry.ttlMs
      }
      const minimum = minimumCacheableTokens(String(body.model))
      let written = -1
      for (const b of breakpoints) {
        if (upTo[b]! < minimum) continue
        const ttlMs = TTL_MS[blocks[b]!.ttl!]
        const existing = entries.get(keys[b]!)
        if (existing) existing.expiresAt = Math.max(existing.expiresAt, at + ttlMs)
        else entries.set(keys[b]!, { expiresAt: at + ttlMs, ttlMs })
        if (b > read) written = b
      }
      const readTokens = read >= 0 ? upTo[read]! : 0
      const creation = written >= 0 ? upTo[written]! - readTokens : 0
      return {
        input_tokens: total - readTokens - creation,
        cache_creation_input_tokens: creation,
        cache_read_input_tokens: readTokens
      }
    }
  }
}

/** The pages of an inline PDF document block; null for any other block. */
function pdfPagesOf(block: Json): number | null {
  const source = block.source
  if (block.type !== 'document' || !isObject(source) || source.type !== 'base64') return null
  if (source.media_type !== 'application/pdf' || typeof source.data !== 'string') return null
  return pdfPages(Buffer.from(source.data, 'base64'))
}

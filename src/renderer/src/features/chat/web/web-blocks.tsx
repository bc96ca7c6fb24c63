import { Globe, FileText } from 'lucide-react'
import type { AssistantBlock, Citation, ServerToolUseBlock } from '@shared/chat/chat'
import { ExternalLink } from '../markdown/external-link'

/*
 * What Anthropic's web tools did in an answer, inline where it happened: the search and the pages
 * it found, the page read; and under text that cites them, its sources. Every link goes through
 * ExternalLink (asks before leaving the app).
 */

/** Links in small print: the text colour, underlined (accent is too faint at this size). */
const SMALL_LINK = 'text-fg underline decoration-accent underline-offset-2'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

interface Found {
  title: string
  url: string
}

/** The pages a search found, or why it found none. */
function resultsOf(result: AssistantBlock | undefined): { found: Found[]; error: string | null } {
  if (!result || !('content' in result)) return { found: [], error: null }
  const content = (result as Json).content
  if (Array.isArray(content))
    return {
      found: content
        .filter(isObject)
        .filter((r) => typeof r.url === 'string')
        .map((r) => ({
          url: String(r.url),
          title: typeof r.title === 'string' ? r.title : String(r.url)
        })),
      error: null
    }
  if (isObject(content) && typeof content.error_code === 'string')
    return { found: [], error: content.error_code.replaceAll('_', ' ') }
  return { found: [], error: null }
}

/** One web search or fetch, with what it found (the result block that answers it, if any). */
export function WebToolRun({
  block,
  content
}: {
  block: ServerToolUseBlock
  content: readonly AssistantBlock[]
}) {
  const result = content.find(
    (b) =>
      (b.type === 'web_search_tool_result' || b.type === 'web_fetch_tool_result') &&
      b.tool_use_id === block.id
  )
  if (block.name === 'web_fetch') {
    const url = typeof block.input.url === 'string' ? block.input.url : ''
    const failed = resultsOf(result).error
    return (
      <p className="my-1 flex items-center gap-1.5 text-xs text-muted">
        <FileText size={13} aria-hidden className="shrink-0" />
        <span>
          {failed ? 'Could not read ' : 'Read '}
          <ExternalLink href={url} className={SMALL_LINK}>
            {url}
          </ExternalLink>
          {failed ? ` (${failed})` : ''}
        </span>
      </p>
    )
  }
  const query = typeof block.input.query === 'string' ? block.input.query : ''
  const { found, error } = resultsOf(result)
  return (
    <details className="my-1 text-xs text-muted">
      <summary className="flex cursor-pointer items-center gap-1.5">
        <Globe size={13} aria-hidden className="shrink-0" />
        Searched the web for “{query}”
        {error ? ` (${error})` : ` · ${found.length} result${found.length === 1 ? '' : 's'}`}
      </summary>
      {found.length > 0 ? (
        <ul className="mt-1 ml-5 flex list-disc flex-col gap-0.5">
          {found.map((page) => (
            <li key={page.url}>
              <ExternalLink href={page.url} className={SMALL_LINK}>
                {page.title}
              </ExternalLink>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  )
}

/** The sources a block of text cites, each once, numbered. */
export function Sources({ citations }: { citations: readonly Citation[] }) {
  const seen = new Map<string, string>()
  for (const c of citations) if (c.url && !seen.has(c.url)) seen.set(c.url, c.title ?? c.url)
  if (seen.size === 0) return null
  return (
    <ol aria-label="Sources" className="mb-2 ml-5 list-decimal text-xs text-muted">
      {[...seen].map(([url, title]) => (
        <li key={url}>
          <ExternalLink href={url} className={SMALL_LINK}>
            {title}
          </ExternalLink>
        </li>
      ))}
    </ol>
  )
}

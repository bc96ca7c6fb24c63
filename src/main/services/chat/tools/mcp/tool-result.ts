/*
 * An MCP tool's result as the text Claude gets. A server's output is untrusted: it is cut at
 * MCP_RESULT_MAX_CHARS (Claude is told so and by how much), and kept as text that Cairn never
 * renders as HTML. Parts that are not text are named, not passed on (images and audio are not
 * checked like attachments yet).
 */

export const MCP_RESULT_MAX_CHARS = 50_000

type Part = Record<string, unknown>

export function resultText(content: readonly Part[], structured?: unknown): string {
  const parts = content.map(partText)
  if (parts.length === 0 && structured !== undefined) parts.push(JSON.stringify(structured))
  return capped(parts.join('\n\n') || '(The tool returned nothing.)')
}

/** One MCP content part as text (a prompt's message part is the same shape as a result's). */
export function partText(part: Part): string {
  const str = (key: string) => (typeof part[key] === 'string' ? (part[key] as string) : null)
  switch (part.type) {
    case 'text':
      return str('text') ?? ''
    case 'image':
    case 'audio':
      return `[${String(part.type)} (${str('mimeType') ?? 'unknown type'}) not shown: Cairn passes on text only]`
    case 'resource_link':
      return `[resource: ${str('name') ?? ''} ${str('uri') ?? ''}]`.replace(/\s+]/, ']')
    case 'resource': {
      const resource = (part.resource ?? {}) as Part
      const uri = typeof resource.uri === 'string' ? resource.uri : ''
      return typeof resource.text === 'string'
        ? `[resource ${uri}]\n${resource.text}`
        : `[resource ${uri}: binary, not shown]`
    }
    default:
      return `[${String(part.type)} part not shown]`
  }
}

/** `what` names the text in the note ("result", "prompt"). */
export function capped(text: string, what = 'result'): string {
  if (text.length <= MCP_RESULT_MAX_CHARS) return text
  const cut = text.length - MCP_RESULT_MAX_CHARS
  return `${text.slice(0, MCP_RESULT_MAX_CHARS)}\n\n[Cairn cut this ${what}: ${cut.toLocaleString('en-US')} more characters were left out (${what}s are kept under ${MCP_RESULT_MAX_CHARS.toLocaleString('en-US')} characters).]`
}

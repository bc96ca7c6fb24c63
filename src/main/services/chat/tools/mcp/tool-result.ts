import { TOOL_RESULT_IMAGES_MAX } from '@shared/chat/chat'
import type { AttachmentBlock, AttachmentInfo } from '@shared/chat/attachments'

/*
 * An MCP tool's result as Claude gets it. A server's output is untrusted: its text is cut at
 * MCP_RESULT_MAX_CHARS (Claude is told so and by how much) and never rendered as HTML; its images
 * go through the attachment checks (type by content, size, scaled to fit) and are stored as
 * attached images are; other parts are named, not passed on.
 */

export const MCP_RESULT_MAX_CHARS = 50_000

type Part = Record<string, unknown>

/** Stores one image the way an attached one is stored (throws a refusal that says why). */
export type KeepImage = (name: string, bytes: Uint8Array) => Promise<AttachmentInfo>

/** The result's text, and its images as kept (each named in the text where it stood). */
export async function resultContent(
  content: readonly Part[],
  structured: unknown,
  keep: KeepImage | undefined
): Promise<{ text: string; images: AttachmentBlock[] }> {
  const images: AttachmentBlock[] = []
  const parts: Part[] = []
  for (const part of content) {
    if (part.type !== 'image' || !keep || typeof part.data !== 'string') {
      parts.push(part)
      continue
    }
    const name = `image ${images.length + 1}`
    let said: string
    if (images.length >= TOOL_RESULT_IMAGES_MAX) {
      said = `[${name} not shown: Cairn passes on ${TOOL_RESULT_IMAGES_MAX} images of a result]`
    } else {
      try {
        const kept = await keep(
          `${name}.${String(part.mimeType ?? '').split('/')[1] ?? 'png'}`,
          Buffer.from(part.data, 'base64')
        )
        images.push(kept.attachment)
        said = `[${name}: attached after this text${kept.note ? `; ${kept.note}` : ''}]`
      } catch (error) {
        said = `[${name} not shown: ${error instanceof Error ? error.message : String(error)}]`
      }
    }
    parts.push({ type: 'text', text: said })
  }
  return { text: resultText(parts, structured), images }
}

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

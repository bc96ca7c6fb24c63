import {
  ATTACHMENT_DATA_MAX_CHARS,
  ATTACHMENT_LIMITS,
  formatBytes,
  type AttachmentInfo,
  type PickAttachmentsOutput
} from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'
import type { McpResourceList } from '@shared/mcp/prompts'
import { asked, fromServersOn, type ChatFeatureDeps } from './prompts'

/*
 * MCP resources attached to a message: listed from the servers on for a chat (templates are not
 * listed: they need the user to fill in a URI), and one read (`resources/read`) into the chat's
 * attachments. Its parts go through the same checks as a file the user attaches: text up to the
 * text limit, images checked and fitted, PDFs counted, any other bytes refused with the reason.
 */

/** The chat's attachment store taking a file's bytes (the checks of a pasted or picked file). */
export type AddFile = (name: string, bytes: Uint8Array) => Promise<AttachmentInfo>

export function resourceCalls(deps: ChatFeatureDeps) {
  return {
    async listResources(serversOff: readonly string[]): Promise<McpResourceList> {
      const { items, problems } = await fromServersOn(deps, serversOff, async (server, features) =>
        (await features.listResources()).map((r) => ({
          ...r,
          server: server.id,
          serverName: server.name
        }))
      )
      return { resources: items, problems }
    },

    /** Reads a resource and attaches each of its parts (the chip names the server and URI). */
    async attachResource(server: string, uri: string, addFile: AddFile) {
      const { serverName, contents } = await asked(
        deps,
        server,
        async (features, config) => ({
          serverName: config.name,
          contents: await features.readResource(uri)
        }),
        'Try again, or pick another resource.'
      )
      const result: PickAttachmentsOutput = { added: [], refused: [] }
      if (contents.length === 0)
        result.refused.push({
          name: uri,
          message: `${serverName} sent nothing for ${uri}. Pick another resource.`
        })
      for (const [index, part] of contents.entries()) {
        const name = `${serverName} · ${part.uri || uri}`
        if (index >= ATTACHMENT_LIMITS.perMessage) {
          result.refused.push({
            name,
            message: `${serverName} sent ${contents.length} parts for ${uri}; a message carries at most ${ATTACHMENT_LIMITS.perMessage} files, so the rest were left out.`
          })
          break
        }
        try {
          result.added.push(await addFile(name, bytesOf(part, name)))
        } catch (error) {
          if (!(error instanceof CairnError)) throw error
          result.refused.push({ name, message: error.detail })
        }
      }
      return result
    }
  }
}

/** A part's bytes; a blob too large to take is refused before it is decoded. */
function bytesOf(part: { text?: string; blob?: string }, name: string): Uint8Array {
  if (typeof part.text === 'string') return Buffer.from(part.text, 'utf8')
  const blob = part.blob ?? ''
  if (blob.length > ATTACHMENT_DATA_MAX_CHARS)
    throw new CairnError(
      'ATTACHMENT_REFUSED',
      `${name} is over ${formatBytes(ATTACHMENT_LIMITS.fileBytes)}, the most Cairn attaches. Pick a smaller resource.`
    )
  return Buffer.from(blob, 'base64')
}

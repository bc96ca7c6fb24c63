import type { AttachmentInfo, PickAttachmentsOutput } from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'

/** Attachments for renderer tests: like main, a name ending in .exe is refused, the rest kept. */
export function createFakeAttachments() {
  const picked: PickAttachmentsOutput = { added: [], refused: [] }
  let next = 1
  const info = (name: string): AttachmentInfo => {
    const image = /\.(png|jpe?g|gif|webp)$/i.test(name)
    return {
      attachment: {
        type: 'attachment',
        hash: (next++).toString(16).padStart(64, '0'),
        kind: image ? 'image' : 'text',
        mediaType: image ? 'image/png' : 'text/plain',
        name,
        size: 1234,
        ...(image ? { width: 64, height: 32 } : {})
      },
      thumbnail: image ? 'data:image/webp;base64,UklGRg==' : null,
      note: null
    }
  }
  const handlers = {
    'chat:add-attachment': ({ name }: { name: string }) => {
      if (name.endsWith('.exe'))
        throw new CairnError(
          'ATTACHMENT_REFUSED',
          `“${name}” is application/x-msdownload, not an image, PDF or text file.`
        )
      return info(name)
    },
    'chat:pick-attachments': () => picked,
    'chat:attachment-preview': () => ({ thumbnail: 'data:image/webp;base64,UklGRg==' })
  }
  return { handlers, picked, info }
}

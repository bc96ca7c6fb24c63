import { useEffect, useState } from 'react'
import type { AttachmentBlock } from '@shared/chat/attachments'
import type { UserMessage } from '@shared/chat/chat'
import { call } from '../../../lib/api'
import { AttachmentChip } from './attachment-chip'

// Thumbnails by hash: the same bytes always give the same picture, so one fetch per file.
const previews = new Map<string, Promise<string | null>>()

function usePreview(attachment: AttachmentBlock): string | null {
  const [thumbnail, setThumbnail] = useState<string | null>(null)
  useEffect(() => {
    if (attachment.kind !== 'image') return
    let live = true
    let pending = previews.get(attachment.hash)
    if (!pending) {
      pending = call((api) => api.chat.attachmentPreview({ hash: attachment.hash })).then(
        (p) => p.thumbnail,
        () => null
      )
      previews.set(attachment.hash, pending)
    }
    void pending.then((url) => {
      if (live) setThumbnail(url)
    })
    return () => {
      live = false
    }
  }, [attachment.hash, attachment.kind])
  return thumbnail
}

/** A file as sent (an attached one, or an image a tool returned), with its thumbnail. */
export function SentChip({ attachment }: { attachment: AttachmentBlock }) {
  return (
    <AttachmentChip
      name={attachment.name}
      attachment={attachment}
      thumbnail={usePreview(attachment)}
    />
  )
}

export function attachmentsIn(message: UserMessage): AttachmentBlock[] {
  return message.content.filter((b): b is AttachmentBlock => b.type === 'attachment')
}

/** The files of a sent message, above its text. */
export function MessageAttachments({ files }: { files: AttachmentBlock[] }) {
  return (
    <ul
      aria-label="Attached files"
      className="mb-1 ml-auto flex max-w-[80%] flex-wrap justify-end gap-2"
    >
      {files.map((file, i) => (
        <SentChip key={`${file.hash}-${i}`} attachment={file} />
      ))}
    </ul>
  )
}

import { useCallback, useState } from 'react'
import type {
  AttachmentInfo,
  PickAttachmentsOutput,
  SendAttachment
} from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'
import { call } from '../../../lib/api'
import { nameOf, readAsBase64 } from './read-file'

/** A file in the composer: being added (read and checked in main), or ready to send. */
export type PendingAttachment =
  | { key: string; name: string; state: 'adding' }
  | { key: string; name: string; state: 'ready'; info: AttachmentInfo }

export interface AttachmentProblem {
  key: string
  message: string
}

let counter = 0
const nextKey = () => `a${(counter += 1)}`

/** The composer's files: paste, drop and the file button all land here. */
export function useAttachments() {
  const [items, setItems] = useState<PendingAttachment[]>([])
  const [problems, setProblems] = useState<AttachmentProblem[]>([])

  const problem = (message: string) => setProblems((list) => [...list, { key: nextKey(), message }])

  const addFiles = useCallback((files: readonly File[]) => {
    files.forEach((file, index) => {
      const key = nextKey()
      const name = nameOf(file, index)
      setItems((list) => [...list, { key, name, state: 'adding' }])
      void (async () => {
        try {
          const data = await readAsBase64(file)
          const info = await call((api) => api.chat.addAttachment({ name, data }))
          setItems((list) =>
            list.map((item) => (item.key === key ? { key, name, state: 'ready', info } : item))
          )
        } catch (error) {
          setItems((list) => list.filter((item) => item.key !== key))
          problem(CairnError.from(error).detail)
        }
      })()
    })
  }, [])

  /**
   * Files main adds by itself (the open dialog, an MCP resource): with a name, a chip says it is
   * being added until main answers.
   */
  const addFrom = useCallback(
    async (run: () => Promise<PickAttachmentsOutput>, adding?: string) => {
      const key = nextKey()
      if (adding) setItems((list) => [...list, { key, name: adding, state: 'adding' }])
      try {
        const { added, refused } = await run()
        const ready = added.map((info): PendingAttachment => ({
          key: nextKey(),
          name: info.attachment.name,
          state: 'ready',
          info
        }))
        setItems((list) => [...list.filter((item) => item.key !== key), ...ready])
        for (const refusal of refused) problem(refusal.message)
      } catch (error) {
        setItems((list) => list.filter((item) => item.key !== key))
        problem(CairnError.from(error).detail)
      }
    },
    []
  )

  const pick = useCallback(
    () => addFrom(() => call((api) => api.chat.pickAttachments())),
    [addFrom]
  )

  const remove = useCallback((key: string) => {
    setItems((list) => list.filter((item) => item.key !== key))
  }, [])

  const dismiss = useCallback((key: string) => {
    setProblems((list) => list.filter((p) => p.key !== key))
  }, [])

  /** What `chat:send-message` takes; clears the tray (restore() puts them back on failure). */
  const take = useCallback((): { refs: SendAttachment[]; taken: PendingAttachment[] } => {
    const taken = items
    setItems([])
    setProblems([])
    const refs = taken.flatMap((item) =>
      item.state === 'ready' ? [{ hash: item.info.attachment.hash, name: item.name }] : []
    )
    return { refs, taken }
  }, [items])

  const restore = useCallback((taken: PendingAttachment[]) => {
    setItems((list) => [...taken, ...list])
  }, [])

  return {
    items,
    problems,
    adding: items.some((item) => item.state === 'adding'),
    addFiles,
    addFrom,
    pick,
    remove,
    dismiss,
    take,
    restore
  }
}

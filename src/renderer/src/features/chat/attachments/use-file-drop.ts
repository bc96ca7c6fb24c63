import { useState, type ClipboardEvent, type DragEvent } from 'react'

const carriesFiles = (data: DataTransfer | null): boolean =>
  !!data && Array.from(data.types).includes('Files')

/**
 * Paste and drag-and-drop of files onto the composer. Only events that carry files are taken;
 * pasted text stays the textarea's. A drop is always handled here, so a file dropped on the
 * window never makes it navigate.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dropping, setDropping] = useState(false)
  return {
    dropping,
    dropHandlers: {
      onDragOver(event: DragEvent) {
        if (!carriesFiles(event.dataTransfer)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setDropping(true)
      },
      onDragLeave(event: DragEvent) {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false)
      },
      onDrop(event: DragEvent) {
        setDropping(false)
        if (!carriesFiles(event.dataTransfer)) return
        event.preventDefault()
        onFiles(Array.from(event.dataTransfer.files))
      }
    },
    onPaste(event: ClipboardEvent) {
      const files = Array.from(event.clipboardData.files)
      if (files.length === 0) return
      event.preventDefault()
      onFiles(files)
    }
  }
}

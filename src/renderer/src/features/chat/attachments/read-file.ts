import { ATTACHMENT_LIMITS, formatBytes } from '@shared/chat/attachments'

/** A pasted or dropped file as base64 for `chat:add-attachment`; main checks everything again. */
export async function readAsBase64(file: File): Promise<string> {
  // Refused here without reading: main would refuse it anyway, after a long copy.
  if (file.size > ATTACHMENT_LIMITS.fileBytes)
    throw new Error(
      `“${file.name || 'The file'}” is ${formatBytes(file.size)}; Cairn takes files up to ${formatBytes(ATTACHMENT_LIMITS.fileBytes)}. Attach a smaller file.`
    )
  return toBase64(new Uint8Array(await file.arrayBuffer()))
}

/** Bytes as base64 (a dropped file on its way to main). */
export function toBase64(bytes: Uint8Array): string {
  // btoa takes a binary string; building it in slices keeps the argument list within limits.
  let binary = ''
  const slice = 0x8000
  for (let at = 0; at < bytes.length; at += slice)
    binary += String.fromCharCode(...bytes.subarray(at, at + slice))
  return btoa(binary)
}

/** A name for a file that has none (a screenshot pasted from the clipboard). */
export function nameOf(file: File, index: number): string {
  if (file.name) return file.name
  const ext = file.type.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin'
  return `pasted-${index + 1}.${ext}`
}

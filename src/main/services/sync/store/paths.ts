import { MEMORY_ROOT } from '@shared/memory/memory'
import { copyLabel } from '@shared/memory/sync'

// The rules a path and a file must meet before upload, as the Memory Store states them.

export const MAX_REMOTE_BYTES = 102_400
const MAX_PATH_BYTES = 1024
const MAX_SEGMENTS = 20

/** `/memories/a/b.md` → `/a/b.md`. */
export function remotePathOf(local: string): string {
  return local.slice(MEMORY_ROOT.length)
}

/** `/a/b.md` → `/memories/a/b.md`. */
export function localPathOf(remote: string): string {
  return `${MEMORY_ROOT}${remote}`
}

/** Why this local file cannot go to the store (null: it can). */
export function notSyncable(local: string, size: number): string | null {
  const remote = remotePathOf(local)
  if (remote.normalize('NFC') !== remote) return 'not synced: the name is not in Unicode NFC form'
  if (Buffer.byteLength(remote) > MAX_PATH_BYTES) return 'not synced: the path is over 1,024 bytes'
  const segments = remote.slice(1).split('/')
  if (segments.length > MAX_SEGMENTS) return 'not synced: more than 20 folders deep'
  if (segments.some((s) => s === '' || s === '.' || s === '..'))
    return 'not synced: the path has an empty, "." or ".." part'
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(remote))
    return 'not synced: the name has control or format characters'
  if (size > MAX_REMOTE_BYTES) return 'not synced: too large (over 100 kB)'
  return null
}

/**
 * `/memories/a/b.md` → `/memories/a/b (from laptop).md`, numbered when that is taken. The device
 * name is cleaned first (`copyLabel`): an emoji's invisible selector would make the name refused.
 */
export function keptCopyPath(
  local: string,
  device: string,
  taken: (path: string) => boolean
): string {
  const from = copyLabel(device)
  const slash = local.lastIndexOf('/')
  const dir = local.slice(0, slash + 1)
  const name = local.slice(slash + 1)
  const dot = name.lastIndexOf('.')
  const stem = dot > 0 ? name.slice(0, dot) : name
  const ext = dot > 0 ? name.slice(dot) : ''
  for (let n = 1; ; n += 1) {
    const candidate = `${dir}${stem} (from ${from}${n > 1 ? ` ${n}` : ''})${ext}`
    if (!taken(candidate)) return candidate
  }
}

/**
 * The reverse of `keptCopyPath`: `/memories/a/b (from laptop).md` → the path it is a copy of and
 * the device named (null: not a kept copy's name).
 */
export function keptCopyOrigin(copy: string): { path: string; device: string } | null {
  const slash = copy.lastIndexOf('/')
  const match = /^(.+) \(from ([^()]+?)(?: ([2-9]|[1-9]\d+))?\)(\.[^.]*)?$/.exec(
    copy.slice(slash + 1)
  )
  if (!match) return null
  const [, stem, device, , ext] = match
  return { path: `${copy.slice(0, slash + 1)}${stem}${ext ?? ''}`, device: device as string }
}

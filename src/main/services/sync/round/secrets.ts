import { withoutSecrets } from '../../memory'
import type { Remote, RemoteMemory } from '../store/remote'

// The secret guard on both directions of sync. Nothing with a secret in it is sent; a secret that
// reached the store anyway (another client wrote it) is replaced there by `[redacted: <kind>]`
// and the version that held it is redacted, so neither this folder nor the store's history
// keeps it. The memory engine's own guard still checks what is written here.

export const REDACTED_DETAIL =
  "The store's version held a secret: it was replaced there by [redacted], and the version with the secret was redacted."
export const SECRET_SKIP = 'not synced: it holds a secret (Memory → Secrets can remove it)'

export async function hasSecret(content: string): Promise<boolean> {
  return (await withoutSecrets(content)) !== content
}

/** The store's text with its secrets redacted there first (then `onRedacted` is told). */
export async function fetchWithoutSecrets(
  remote: Remote,
  listed: RemoteMemory,
  onRedacted: () => void
): Promise<{ memory: RemoteMemory; content: string }> {
  const id = listed.id
  const fetched = await remote.content(listed)
  const clean = await withoutSecrets(fetched.content)
  if (clean === fetched.content) return fetched
  // The clean text becomes the current version first: the store refuses to redact a live one.
  const memory = await remote.update(id, { content: clean }, fetched.memory.sha256)
  await remote.redact(fetched.memory.versionId)
  onRedacted()
  return { memory, content: clean }
}

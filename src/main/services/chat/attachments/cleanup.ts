import type { Conversation } from '@shared/chat/chat'
import { attachmentsOf } from './limits'
import type { BlobStore } from './store'

/**
 * The file system stamps mtimes from a coarse clock that can lag Date.now() by a few ms, so a file
 * added just after the start could look older than it. Only files older by more than this go.
 */
const MTIME_SLACK_MS = 2_000

/**
 * Stored files no one names any more go: a deleted conversation's (`release`), and at the start
 * those left unsent (`sweep`). `alsoKept`: files named outside conversations, never removed.
 */
export function storeCleanup(blobs: BlobStore, alsoKept: () => Iterable<string>) {
  return {
    async release(removed: Conversation, remaining: readonly Conversation[]): Promise<void> {
      const kept = referenced(remaining, alsoKept())
      for (const block of attachmentsOf(removed.messages))
        if (!kept.has(block.hash)) await blobs.remove(block.hash)
    },
    async sweep(conversations: readonly Conversation[], before: number): Promise<number> {
      const kept = referenced(conversations, alsoKept())
      let removed = 0
      for (const { hash, mtimeMs } of await blobs.list()) {
        if (kept.has(hash) || mtimeMs >= before - MTIME_SLACK_MS) continue
        await blobs.remove(hash)
        removed += 1
      }
      return removed
    }
  }
}

function referenced(conversations: readonly Conversation[], more: Iterable<string>): Set<string> {
  const kept = new Set(conversations.flatMap((c) => attachmentsOf(c.messages).map((b) => b.hash)))
  for (const hash of more) kept.add(hash)
  return kept
}

import { CONVERSATION_VERSION } from '@shared/chat/chat'

// Conversation files of an earlier version, brought up to this one before they are parsed. Each
// step changes only what its version changed; the file on disk stays as it is until the chat is
// saved again (then with the new version).

const STEPS: Record<number, (file: Record<string, unknown>) => Record<string, unknown>> = {
  // Version 2 added `space` (optional; absent is the default space): a version 1 file is one.
  1: (file) => ({ ...file, version: 2 })
}

/** The file's JSON at CONVERSATION_VERSION when a path of steps leads there; else as it was. */
export function migrateConversation(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw
  let file = raw as Record<string, unknown>
  while (typeof file.version === 'number' && file.version < CONVERSATION_VERSION) {
    const step = STEPS[file.version]
    if (!step) return file
    file = step(file)
  }
  return file
}

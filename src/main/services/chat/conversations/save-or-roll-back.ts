import type { Conversation } from '@shared/chat/chat'

/*
 * Every change to a conversation (the calls', a retry's, a generated title's) is made in memory
 * first, then saved. When the save fails, the conversation in memory must be what is on disk
 * again, so the next request does not send something the user was told was not saved. This is the
 * one place that puts it back.
 */

/** Puts back what a change did that `keep` does not cover (a note on a new message). */
export type Undo = () => void

export interface SaveOrRollBack {
  /** The fields the change may touch: kept by value and put back (or removed) on a failure. */
  keep: readonly (keyof Conversation)[]
  /** Changes the conversation in memory; may return its own undo, run after the fields are back. */
  change: () => Undo | void | Promise<Undo | void>
  save: (conversation: Conversation) => Promise<void>
  /**
   * Runs while the save is under way, told whether it landed (a send starts the reply here, so
   * the fsync hides behind the network). What it returns is awaited before a roll-back.
   */
  whileSaving?: (saved: Promise<boolean>) => Promise<unknown> | undefined
}

export async function saveOrRollBack(
  conversation: Conversation,
  { keep, change, save, whileSaving }: SaveOrRollBack
): Promise<void> {
  const restore = snapshot(conversation, keep)
  let undo: Undo | void
  try {
    const changed = change()
    undo = changed instanceof Promise ? await changed : changed
  } catch (error) {
    restore()
    throw error
  }
  const saving = save(conversation)
  const settled = whileSaving?.(
    saving.then(
      () => true,
      () => false
    )
  )
  try {
    await saving
  } catch (error) {
    await settled
    restore()
    undo?.()
    throw error
  }
}

/**
 * The fields as they are now, to put back: arrays copied (a change may push onto them), objects
 * cloned (a change may edit them in place, as a new model does to the frame).
 */
function snapshot(conversation: Conversation, keys: readonly (keyof Conversation)[]): Undo {
  const kept = keys.map((key) => {
    const had = Object.hasOwn(conversation, key)
    const value: unknown = conversation[key]
    return {
      key,
      had,
      value: Array.isArray(value)
        ? [...(value as unknown[])]
        : value !== null && typeof value === 'object'
          ? structuredClone(value)
          : value
    }
  })
  return () => {
    const target = conversation as Record<keyof Conversation, unknown>
    for (const { key, had, value } of kept) {
      if (had) target[key] = value
      else delete target[key]
    }
  }
}

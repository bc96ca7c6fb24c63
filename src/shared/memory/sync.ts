import { z } from 'zod'
import { InSpaceSchema, SpaceIdSchema } from './spaces'

// Sync with an Anthropic Memory Store, as the contract carries it (issue 27).

/** Settings → Sync says exactly what leaves the machine; one sentence, shown as is. */
export const SYNC_SENT_SENTENCE =
  'When sync is on, Cairn sends the path and full text of each file in your memory folder (files up to 100 kB) to the Anthropic Memory Store you chose, with the same API key as chat, and fetches the files changed there; nothing is sent while sync is off or paused.'

export const SyncConflictSchema = z.object({
  path: z.string(),
  copy: z.string().optional(),
  kind: z.enum(['kept-both', 'merged', 'path', 'edit-vs-delete', 'redacted']),
  detail: z.string(),
  at: z.number(),
  /** The device whose version the copy holds (absent: this device). */
  from: z.string().optional()
})
export type SyncConflict = z.infer<typeof SyncConflictSchema>

export const SyncStatusSchema = z.object({
  /** The memory space this sync belongs to: each space pairs with its own Memory Store. */
  space: SpaceIdSchema,
  state: z.enum(['off', 'idle', 'syncing', 'paused', 'offline']),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  lastSyncAt: z.number().nullable(),
  /** Local changes made since the last round. */
  pending: z.number().int().min(0),
  conflicts: z.array(SyncConflictSchema),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  retryAt: z.number().nullable(),
  error: z.string().nullable(),
  /** This device's name: kept copies of its versions are `name (from <device>).md`. */
  deviceName: z.string(),
  /** The store's size as of the last round (memories and bytes), null before one. */
  storeSize: z.object({ count: z.number().int().min(0), bytes: z.number().min(0) }).nullable(),
  /** Changes from other devices held for approval (Settings → Approval asks for such changes). */
  waiting: z.array(
    z.object({ path: z.string(), command: z.enum(['create', 'str_replace', 'delete', 'rename']) })
  ),
  /** Changes from other devices the user declined that the last round saw again (not applied). */
  declined: z.number().int().min(0).optional()
})
export type SyncStatus = z.infer<typeof SyncStatusSchema>

/** Every sync call names its space (required: a forgotten one must not reach another store). */
export const SyncSpaceInputSchema = InSpaceSchema.strict()

/** Turn sync on (in one space): an existing store by id, or a new one by name. */
const DeviceNameSchema = z.string().trim().min(1).max(100).optional()
export const SyncConfigureInputSchema = z.union([
  z.strictObject({
    space: SpaceIdSchema,
    storeId: z.string().min(1).max(200),
    deviceName: DeviceNameSchema
  }),
  z.strictObject({
    space: SpaceIdSchema,
    create: z.strictObject({
      name: z.string().trim().min(1).max(200),
      description: z.string().max(2000).optional()
    }),
    deviceName: DeviceNameSchema
  })
])
export type SyncConfigureInput = z.infer<typeof SyncConfigureInputSchema>
/** The store turning sync on chooses, apart from the space it is for. */
export type SyncStoreChoice =
  | Omit<Extract<SyncConfigureInput, { storeId: string }>, 'space'>
  | Omit<Extract<SyncConfigureInput, { create: unknown }>, 'space'>

export const SyncPauseInputSchema = z.strictObject({ space: SpaceIdSchema, paused: z.boolean() })

/** A conflict's answer: this device's version, the store's, or both files (the conflict closes). */
export const SyncResolveInputSchema = z.strictObject({
  space: SpaceIdSchema,
  path: z.string().min(1).max(4096),
  keep: z.enum(['mine', 'theirs', 'both'])
})
export type SyncResolveInput = z.infer<typeof SyncResolveInputSchema>
/** A conflict's answer within one space's sync. */
export type SyncConflictAnswer = Omit<SyncResolveInput, 'space'>

/** The stores this API key can use, for Settings → Sync's "choose a store". */
export const SyncStoreListSchema = z.object({
  stores: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() }))
})
export type SyncStoreList = z.infer<typeof SyncStoreListSchema>

// Characters a file name must not hold (invisible, direction-changing, control, line breaks) and
// ones that would read as structure in a path or in the copy's "(from …)" (slashes, dots, colons,
// brackets and their look-alikes). Emoji pickers add U+FE0F, an invisible variation selector.
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u2800\ufff9-\ufffd]/gu
const STRUCTURAL =
  /[./\\:%<>"|?*()[\]{}\u2044\u2215\u2216\u29f5\u29f8\u29f9\u3002\uff61\u0387\u2024-\u2026]/g
const LABEL_MAX = 40

/**
 * The device name as a kept copy's name uses it (`plan (from <label>).md`): what a file name can
 * hold, so the memory engine accepts the copy whatever the user typed. Shown beside the field.
 */
export function copyLabel(deviceName: string): string {
  const cleaned = deviceName
    .normalize('NFKC')
    .replace(HIDDEN, '')
    .replace(STRUCTURAL, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
  return Array.from(cleaned).slice(0, LABEL_MAX).join('').trim() || 'another device'
}

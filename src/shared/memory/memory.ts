import { z } from 'zod'
import { CapRefusalSchema } from './caps'
import { ExpiryPolicySchema, MemoryCapsSchema, SETTINGS_RANGES } from '../app/settings'

// Domain types of the memory folder, shared by the memory service and the inspector bridge.
// Every path here is a virtual `/memories/...` path, never a host path. Beside this file:
// memory-history.ts (versions, revert, forget), memory-search.ts, memory-expiry.ts (expiry
// preview, archive, restore, sweep).

export const MEMORY_ROOT = '/memories'

/** History keeps versions up to this size (a bigger file is recorded by hash only: no restore). */
export const HISTORY_KEEPS_UP_TO = 16 * 1024 * 1024

export const MemoryLimitsSchema = MemoryCapsSchema
export type MemoryLimits = z.infer<typeof MemoryLimitsSchema>
// Patches name only what changes: `.partial()` would fill the defaults back in (zod 4).
const caps = MemoryCapsSchema.shape
export const MemoryLimitsPatchSchema = z.object({
  maxFileBytes: caps.maxFileBytes.unwrap().optional(),
  maxTotalBytes: caps.maxTotalBytes.unwrap().optional(),
  maxFiles: caps.maxFiles.unwrap().optional(),
  maxReadChars: caps.maxReadChars.unwrap().optional()
})
export type MemoryLimitsPatch = z.infer<typeof MemoryLimitsPatchSchema>

const policy = ExpiryPolicySchema.shape
export const ExpiryPolicyPatchSchema = z.object({
  mode: policy.mode.unwrap().optional(),
  days: policy.days.unwrap().optional(),
  action: policy.action.unwrap().optional(),
  pinned: policy.pinned.unwrap().optional()
})
export type ExpiryPolicy = z.infer<typeof ExpiryPolicySchema>
export type ExpiryPolicyPatch = z.infer<typeof ExpiryPolicyPatchSchema>

/** Who runs a command: Claude (in a conversation), the user (inspector) or another program. */
export const MemoryActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('claude'), conversationId: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('user') }),
  /** `device`: the change came from another device through sync (what the activity names). */
  z.object({ kind: z.literal('external'), device: z.string().min(1).max(200).optional() })
])
export type MemoryActor = z.infer<typeof MemoryActorSchema>

/** Actors as recorded: the engine itself acts as `system` when it expires files. */
export const ActivityActorSchema = z.discriminatedUnion('kind', [
  ...MemoryActorSchema.options,
  z.object({ kind: z.literal('system') })
])
export type ActivityActor = z.infer<typeof ActivityActorSchema>
export const ActorKindSchema = z.enum(['claude', 'user', 'external', 'system'])
export type ActorKind = z.infer<typeof ActorKindSchema>

// Inputs from the renderer are strict objects: an unexpected field is refused, not dropped.

/** A virtual path as the inspector sends it (`/memories` or `/memories/...`). */
export const MemoryPathSchema = z.string().min(1).max(4096)

export const MemoryEntrySchema = z.object({
  path: z.string(),
  kind: z.enum(['file', 'dir']),
  size: z.number(),
  /** Epoch milliseconds, from the index (files only). */
  created: z.number().optional(),
  modified: z.number().optional(),
  /** The idle clock: last read or edit through the app (or, first seen, its modification). */
  accessed: z.number().optional(),
  /** When Claude or the user last read it; absent when no read is recorded. */
  read: z.number().optional(),
  lastActor: ActivityActorSchema.optional(),
  /** The file is larger than the per-file cap (readable, not growable). */
  overCap: z.boolean(),
  pinned: z.boolean(),
  /** When expiry would remove it under the current policy (or its front-matter), if ever. */
  expiresAt: z.number().optional(),
  /**
   * Set when Claude cannot use this path (named outside the app with characters the memory tool
   * refuses): why, e.g. "contains NUL or control characters". Such files are not counted toward
   * memory usage or caps. `path` is then the raw name: show it escaped (escapeName).
   */
  unreachable: z.string().optional()
})
export type MemoryEntry = z.infer<typeof MemoryEntrySchema>

export const MemoryFileSchema = z.object({
  path: z.string(),
  content: z.string(),
  size: z.number(),
  /** sha256 of the bytes read; pass it back as `expectedHash` to refuse stale overwrites. */
  hash: z.string(),
  overCap: z.boolean(),
  /**
   * True when `content` is only the first part of a file too large to edit (over 16 MiB): show
   * it read-only, never save it back over the file.
   */
  truncated: z.boolean().optional()
})
export type MemoryFile = z.infer<typeof MemoryFileSchema>

// No file can be larger than the largest per-file cap, and each character is at least one byte:
// longer text is refused at the bridge, before main holds it. The engine checks the actual caps.
const MAX_CONTENT_CHARS = SETTINGS_RANGES.maxFileBytes.max
const ContentSchema = z.string().max(MAX_CONTENT_CHARS, {
  error: `content can be at most ${MAX_CONTENT_CHARS.toLocaleString('en-US')} characters (${MAX_CONTENT_CHARS / 1024 / 1024} MB, the largest per-file cap)`
})

/**
 * What a save does with secrets the guard finds (when it checks the user's saves): 'check'
 * (the default) refuses with MEMORY_SECRET naming them; 'allow' saves anyway; 'redact' saves
 * with each replaced by `[redacted: <kind>]`.
 */
export const UserSecretsChoiceSchema = z.enum(['check', 'allow', 'redact'])
export type UserSecretsChoice = z.infer<typeof UserSecretsChoiceSchema>

export const MemoryWriteInputSchema = z.strictObject({
  path: MemoryPathSchema,
  content: ContentSchema,
  expectedHash: z.string().optional(),
  secrets: UserSecretsChoiceSchema.optional()
})
export type MemoryWriteInput = z.infer<typeof MemoryWriteInputSchema>

export const MemoryCreateInputSchema = z.strictObject({
  path: MemoryPathSchema,
  content: ContentSchema,
  kind: z.enum(['file', 'dir']).default('file'),
  secrets: UserSecretsChoiceSchema.optional()
})
export type MemoryCreateInput = z.input<typeof MemoryCreateInputSchema>

export const MemoryRenameInputSchema = z.strictObject({
  from: MemoryPathSchema,
  to: MemoryPathSchema
})
export type MemoryRenameInput = z.infer<typeof MemoryRenameInputSchema>

export const MemoryUsageSchema = z.object({
  files: z.number(),
  totalBytes: z.number(),
  limits: MemoryLimitsSchema,
  /** Fractions 0..1+ of each cap in use. */
  fraction: z.object({ files: z.number(), totalBytes: z.number() }),
  /** Files larger than `maxFileBytes` (put there outside the tool). */
  overCapFiles: z.array(z.string())
})
export type MemoryUsage = z.infer<typeof MemoryUsageSchema>

/** A mutation result for the inspector: the paths it touched, and usage afterwards. */
export const MemoryMutationSchema = z.object({
  paths: z.array(z.string()),
  usage: MemoryUsageSchema
})
export type MemoryMutation = z.infer<typeof MemoryMutationSchema>

export const ActivityCommandSchema = z.enum([
  'create',
  'str_replace',
  'insert',
  'delete',
  'rename',
  'write',
  'mkdir',
  'expire',
  'restore',
  'external',
  'revert',
  'archive',
  /** Files merged in from an export archive (Settings → Import), undone as one. */
  'import',
  /** An archive's earlier versions added to history (no file changed; not undoable). */
  'import-history',
  /** History let old versions go to stay under its size limit or age (actor `system`). */
  'prune',
  /** The user had history forget versions (what went is not said, only how many). */
  'forget',
  /** Claude's tidy of the folder as the user reviewed it: the accepted changes, undone as one. */
  'tidy'
])
export type ActivityCommand = z.infer<typeof ActivityCommandSchema>

/** sha256 of a version's bytes (hex). */
export const VersionHashSchema = z.string().regex(/^[0-9a-f]{64}$/)
/** A version as entries name it: its sha256, or for a file too big to hash, `stat:size:mtime:ino`. */
export const VersionIdSchema = z.string().regex(/^(?:[0-9a-f]{64}|stat:\d+:[\d.]+:\d+)$/)

/**
 * Why history did not keep a version's text: `too-large`, above what history keeps at all (16 MiB;
 * such a file is known by size and time, not a content hash); `over-cap`, alone larger than the
 * history size limit (`maxBytes`).
 */
export const NotKeptSchema = z.enum(['too-large', 'over-cap', 'forgotten'])
export type NotKept = z.infer<typeof NotKeptSchema>

/**
 * What one file was before and after an entry (null: nothing there). A rename names the old path in
 * `from`. `unstored` lists sides whose text history does not hold (too big, or never seen by the
 * engine, e.g. the before-state of an outside change it learned of only afterwards); `notKept`
 * says why, when history chose not to keep it.
 */
export const VersionRefSchema = z.object({
  path: z.string(),
  from: z.string().optional(),
  before: VersionIdSchema.nullable(),
  after: VersionIdSchema.nullable(),
  sizeBefore: z.number().nullable(),
  sizeAfter: z.number().nullable(),
  unstored: z.array(z.enum(['before', 'after'])).optional(),
  notKept: z
    .object({ before: NotKeptSchema.optional(), after: NotKeptSchema.optional() })
    .optional()
})
export type VersionRef = z.infer<typeof VersionRefSchema>

/** A file an action over many (an undo of a sweep, "Restore all") left as it was, and why. */
export const SkippedFileSchema = z.object({ path: z.string(), reason: z.string() })
export type SkippedFile = z.infer<typeof SkippedFileSchema>

/**
 * The activity entry a successful memory-tool change made, and its versions: saved on the
 * conversation's tool result so its chip can show the diff and undo it (`memory:revert` by seq).
 */
export const MemoryOpRefSchema = z.object({
  seq: z.number(),
  versions: z.array(VersionRefSchema)
})
export type MemoryOpRef = z.infer<typeof MemoryOpRefSchema>

/** What `execute` resolves to: the text of a `tool_result`, its `is_error` flag, and its entry. */
export const ToolResultSchema = z.object({
  content: z.string(),
  isError: z.boolean(),
  activity: MemoryOpRefSchema.optional(),
  /** A write refused by a cap: which one (the chip names it and links to its setting). */
  cap: CapRefusalSchema.optional()
})
export type ToolResult = z.infer<typeof ToolResultSchema>

export const ActivityEntrySchema = z.object({
  seq: z.number(),
  /** ISO time. */
  time: z.string(),
  actor: ActivityActorSchema,
  command: ActivityCommandSchema,
  paths: z.array(z.string()),
  bytesBefore: z.number().nullable(),
  bytesAfter: z.number().nullable(),
  outcome: z.enum(['ok', 'error']),
  message: z.string(),
  /** The versions this entry made (history); absent on entries that changed no file. */
  versions: z.array(VersionRefSchema).optional(),
  /** For an undo: the entry it undid. */
  revertOf: z.number().optional(),
  /** For a sweep that archived: the archive folder its files went to (its undo takes them back). */
  archiveId: z.string().optional()
})
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>

export const ActivityQuerySchema = z.strictObject({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(50),
  /** Entries touching this path or anything under it. */
  path: MemoryPathSchema.optional(),
  actor: ActorKindSchema.optional(),
  conversationId: z.string().optional(),
  /** Entries whose words (what happened, paths, the message) hold this text, any case. */
  text: z.string().max(200).optional()
})
export type ActivityQuery = z.input<typeof ActivityQuerySchema>

/** Newest first. */
export const ActivityPageSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  total: z.number()
})
export type ActivityPage = z.infer<typeof ActivityPageSchema>

/** Inputs that name one path (`memory:read`, `memory:delete`); `memory:list` may omit it. */
export const MemoryPathInputSchema = z.strictObject({ path: MemoryPathSchema })
/** `refresh`: a view re-reading what it shows, not the user opening it: no access is marked. */
export const MemoryReadInputSchema = MemoryPathInputSchema.extend({
  refresh: z.boolean().optional()
})

/** Most entries one `memory:list` page may hold (the default page is smaller). */
export const MEMORY_LIST_MAX = 2000
export const MEMORY_LIST_DEFAULT = 500

/**
 * `memory:list`: one page of the entries under `path`, depth-first with names sorted (a folder,
 * then what it holds). `cursor` is the `nextCursor` of the page before.
 */
export const MemoryListInputSchema = z.strictObject({
  path: MemoryPathSchema.optional(),
  cursor: MemoryPathSchema.optional(),
  limit: z.number().int().min(1).max(MEMORY_LIST_MAX).optional()
})
export type MemoryListInput = z.infer<typeof MemoryListInputSchema>

export const MemoryListPageSchema = z.object({
  entries: z.array(MemoryEntrySchema),
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor: z.string().optional(),
  /** Entries under `path` in all pages. */
  total: z.number().int().min(0)
})
export type MemoryListPage = z.infer<typeof MemoryListPageSchema>

/** The `memory:changed` event: what changed, who changed it, and usage afterwards. */
export const MemoryChangeSchema = z.object({
  paths: z.array(z.string()),
  actor: ActivityActorSchema,
  /** Usage after the change (the engine always sends it; optional for older senders). */
  usage: MemoryUsageSchema.optional(),
  /** Files changed outside the app that break a cap, for the user to see. */
  flagged: z.array(z.string()).optional(),
  /** Something the watcher met that the user should know (folder recreated, access denied). */
  problem: z.string().optional(),
  /** The newest activity entry's seq after the change: the activity view re-reads when it moves. */
  activitySeq: z.number().int().nonnegative().optional()
})
export type MemoryChange = z.infer<typeof MemoryChangeSchema>

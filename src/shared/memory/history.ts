import { z } from 'zod'
import {
  ActivityActorSchema,
  ActivityCommandSchema,
  MemoryPathSchema,
  MemoryUsageSchema,
  NotKeptSchema,
  SkippedFileSchema,
  VersionHashSchema,
  VersionIdSchema
} from './memory'

// Version history as the inspector sees it: the versions of a path, reverting to one, and
// forgetting versions for good (one, a file's, an entry's, or every version holding a text).

/** One version of a path (`memory:history`), newest first. `hash` null: the path was gone. */
export const HistoryVersionSchema = z.object({
  seq: z.number(),
  time: z.string(),
  actor: ActivityActorSchema,
  command: ActivityCommandSchema,
  path: z.string(),
  from: z.string().optional(),
  hash: VersionIdSchema.nullable(),
  size: z.number().nullable(),
  before: VersionIdSchema.nullable(),
  /** False when history holds only the hash (no text to show or revert to). */
  stored: z.boolean(),
  /** Why history did not keep this version's text, when it chose not to. */
  notKept: NotKeptSchema.optional(),
  revertOf: z.number().optional()
})
export type HistoryVersion = z.infer<typeof HistoryVersionSchema>

export const HistoryInputSchema = z.strictObject({ path: MemoryPathSchema })
export const VersionTextInputSchema = z.strictObject({ hash: VersionHashSchema })
/**
 * A path the user chose to undo over although it changed since ("Delete anyway"): the undo goes
 * ahead there only while the file still holds exactly `hash` (null: no file), what they compared.
 */
export const RevertOverwriteSchema = z.strictObject({
  path: MemoryPathSchema,
  hash: VersionHashSchema.nullable()
})
export type RevertOverwrite = z.infer<typeof RevertOverwriteSchema>

export const RevertInputSchema = z.strictObject({
  seq: z.number().int().min(1),
  overwrite: z.array(RevertOverwriteSchema).max(1_000).optional()
})
export type RevertInput = z.infer<typeof RevertInputSchema>

/** A text the user looks for in history to forget it: long enough not to match everything. */
export const ForgetTextSchema = z
  .string()
  .min(4, 'is too short to search for (at least 4 characters)')
  .max(10_000, 'is too long (at most 10,000 characters)')

/** An archive folder's name (a timestamp, see expiry/archive.ts). */
const ArchiveIdSchema = z.string().min(1).max(64)

/**
 * What to forget from history (`memory:forget`): one version, every version of a file, the
 * versions one activity entry made, or every version holding a text (and the activity log's
 * mentions of it); or one archived copy, removed whole.
 */
export const ForgetInputSchema = z.discriminatedUnion('what', [
  z.strictObject({ what: z.literal('version'), hash: VersionHashSchema }),
  z.strictObject({ what: z.literal('file'), path: MemoryPathSchema }),
  z.strictObject({ what: z.literal('entry'), seq: z.number().int().min(1) }),
  z.strictObject({ what: z.literal('text'), text: ForgetTextSchema }),
  z.strictObject({
    what: z.literal('archived'),
    archiveId: ArchiveIdSchema,
    path: MemoryPathSchema
  })
])
export type ForgetInput = z.infer<typeof ForgetInputSchema>

/**
 * A place besides history and the memory files where Cairn still keeps a text (issue 35). Named
 * for the user, never by a host path; any name holding the text has it masked.
 */
export const KeptPlaceSchema = z.discriminatedUnion('kind', [
  /** A copy in the archive (expired, or archived to make room): removed whole. */
  z.object({ kind: z.literal('archive'), archiveId: z.string(), path: z.string() }),
  /** A conversation (messages, Claude's tool calls and results): the text is taken out. */
  z.object({ kind: z.literal('conversation'), conversationId: z.string(), title: z.string() }),
  /** One of the app's log files: the lines holding the text are masked. */
  z.object({ kind: z.literal('log'), name: z.string() }),
  /** Somewhere Forget does not change: what it is, and what would take the text out. */
  z.object({ kind: z.literal('other'), name: z.string(), advice: z.string() })
])
export type KeptPlace = z.infer<typeof KeptPlaceSchema>

export const ForgetResultSchema = z.object({
  /** Versions whose text history no longer holds. */
  forgotten: z.number(),
  /**
   * Files whose current text is one of them (a text: that hold it): forgetting history does not
   * change the file.
   */
  stillInFiles: z.array(z.string()),
  /** Other places that still keep the text (a text only; empty otherwise). */
  elsewhere: z.array(KeptPlaceSchema)
})
export type ForgetResult = z.infer<typeof ForgetResultSchema>

/** `memory:forget-at`: take a text out of one place a Forget named (a removable one). */
export const ForgetAtInputSchema = z.strictObject({
  text: ForgetTextSchema,
  place: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('archive'),
      archiveId: ArchiveIdSchema,
      path: MemoryPathSchema
    }),
    z.strictObject({ kind: z.literal('conversation'), conversationId: z.string().min(1).max(100) }),
    z.strictObject({ kind: z.literal('log'), name: z.string().min(1).max(100) })
  ])
})
export type ForgetAtInput = z.infer<typeof ForgetAtInputSchema>
export type RemovablePlace = ForgetAtInput['place']

/** Where the text is kept after the removal (the place removed from is gone from the list). */
export const ForgetAtResultSchema = z.object({ elsewhere: z.array(KeptPlaceSchema) })
export type ForgetAtResult = z.infer<typeof ForgetAtResultSchema>

export const FindInHistoryInputSchema = z.strictObject({ text: ForgetTextSchema })

/** One version holding the text looked for: where history has it, never the text itself. */
export const HistoryHitSchema = z.object({
  hash: VersionHashSchema,
  /** The paths and entries that name this version, newest first. */
  places: z.array(z.object({ path: z.string(), seq: z.number(), time: z.string() })),
  /** Times the text occurs in it. */
  count: z.number(),
  /** The first line holding it, the text itself masked. */
  line: z.number(),
  snippet: z.string(),
  /** A file holds this version now. */
  current: z.boolean()
})
export type HistoryHit = z.infer<typeof HistoryHitSchema>

export const FindInHistoryResultSchema = z.object({
  hits: z.array(HistoryHitSchema),
  /** Versions searched. */
  searched: z.number(),
  /** Places besides history that keep the text too. */
  elsewhere: z.array(KeptPlaceSchema)
})
export type FindInHistoryResult = z.infer<typeof FindInHistoryResultSchema>

/** "Remove from file and forget from history" for a file the secret scan found secrets in. */
export const ForgetSecretsResultSchema = ForgetResultSchema.extend({
  /** Secrets replaced by `[redacted: kind]` in the file. */
  removed: z.number()
})
export type ForgetSecretsResult = z.infer<typeof ForgetSecretsResultSchema>

/** `memory:revert`: done, or a conflict that changed nothing (with both texts, null = no file). */
export const RevertResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('reverted'),
    seq: z.number(),
    paths: z.array(z.string()),
    usage: MemoryUsageSchema,
    /** An undo of a sweep goes file by file: the files it left (taken since, refused), and why. */
    skipped: z.array(SkippedFileSchema).optional()
  }),
  z.object({
    status: z.literal('conflict'),
    path: z.string(),
    message: z.string(),
    expected: z.string().nullable(),
    current: z.string().nullable(),
    /** What the entry did to `path`: the words for the choices depend on it. */
    change: z.enum(['create', 'edit', 'delete', 'move']).optional(),
    /**
     * What `path` holds now (null: no file), when the undo may go ahead over it: pass it back in
     * `overwrite`. Absent: it cannot (a folder there, a move back onto a name taken again).
     */
    currentHash: z.string().nullable().optional()
  })
])
export type RevertResult = z.infer<typeof RevertResultSchema>

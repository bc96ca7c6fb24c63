import { z } from 'zod'
import {
  ActivityActorSchema,
  ActivityCommandSchema,
  MemoryPathSchema,
  MemoryUsageSchema,
  NotKeptSchema,
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
export const RevertInputSchema = z.strictObject({ seq: z.number().int().min(1) })
export type RevertInput = z.infer<typeof RevertInputSchema>

/** A text the user looks for in history to forget it: long enough not to match everything. */
export const ForgetTextSchema = z
  .string()
  .min(4, 'is too short to search for (at least 4 characters)')
  .max(10_000, 'is too long (at most 10,000 characters)')

/**
 * What to forget from history (`memory:forget`): one version, every version of a file, the
 * versions one activity entry made, or every version holding a text.
 */
export const ForgetInputSchema = z.discriminatedUnion('what', [
  z.strictObject({ what: z.literal('version'), hash: VersionHashSchema }),
  z.strictObject({ what: z.literal('file'), path: MemoryPathSchema }),
  z.strictObject({ what: z.literal('entry'), seq: z.number().int().min(1) }),
  z.strictObject({ what: z.literal('text'), text: ForgetTextSchema })
])
export type ForgetInput = z.infer<typeof ForgetInputSchema>

export const ForgetResultSchema = z.object({
  /** Versions whose text history no longer holds. */
  forgotten: z.number(),
  /** Files whose current text is one of them: forgetting history does not change the file. */
  stillInFiles: z.array(z.string())
})
export type ForgetResult = z.infer<typeof ForgetResultSchema>

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
  searched: z.number()
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
    usage: MemoryUsageSchema
  }),
  z.object({
    status: z.literal('conflict'),
    path: z.string(),
    message: z.string(),
    expected: z.string().nullable(),
    current: z.string().nullable()
  })
])
export type RevertResult = z.infer<typeof RevertResultSchema>

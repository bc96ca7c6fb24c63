import { z } from 'zod'
import {
  ExpiryPolicyPatchSchema,
  MemoryPathSchema,
  MemoryUsageSchema,
  SkippedFileSchema
} from './memory'

// Expiry as the user sees it: what would expire and why, the archive, restoring from it, and
// sweeping a confirmed list.

export const ExpiryReasonSchema = z.enum(['idle', 'age', 'front-matter'])
export type ExpiryReason = z.infer<typeof ExpiryReasonSchema>

export const ExpiryPreviewItemSchema = z.object({
  path: z.string(),
  expiresAt: z.number(),
  reason: ExpiryReasonSchema,
  action: z.enum(['delete', 'archive']),
  size: z.number()
})
export type ExpiryPreviewItem = z.infer<typeof ExpiryPreviewItemSchema>

export const ExpiredItemSchema = ExpiryPreviewItemSchema.extend({
  /** Set when archived: the folder name under the archive to restore from. */
  archiveId: z.string().optional()
})
export type ExpiredItem = z.infer<typeof ExpiredItemSchema>

export const SweepResultSchema = z.object({ expired: z.array(ExpiredItemSchema) })
export type SweepResult = z.infer<typeof SweepResultSchema>

export const ArchivedItemSchema = z.object({
  archiveId: z.string(),
  /** Where it lived, and where restore puts it back. */
  path: z.string(),
  size: z.number(),
  archivedAt: z.number(),
  /** The file's own front-matter `expires:` date (epoch ms), when it has one. */
  expires: z.number().optional()
})
export type ArchivedItem = z.infer<typeof ArchivedItemSchema>

/**
 * What a restore does with the file's own front-matter `expires:` date: keep it (refused once it
 * has passed: the file would expire again at once), remove it, or extend it to `until`. Without a
 * choice a date still to come is kept. Restored files start fresh created/modified/idle clocks.
 */
export const RestoreExpiresSchema = z.enum(['keep', 'remove', 'extend'])
export type RestoreExpires = z.infer<typeof RestoreExpiresSchema>

export const RestoreInputSchema = z
  .strictObject({
    archiveId: z.string().min(1),
    path: MemoryPathSchema,
    expires: RestoreExpiresSchema.optional(),
    /** The new date for `extend`, as YYYY-MM-DD. */
    until: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'until must be a date like 2025-12-31' })
      .optional()
  })
  .refine((input) => (input.expires === 'extend') === (input.until !== undefined), {
    error: 'until goes with expires: extend, and only with it',
    path: ['until']
  })
export type RestoreInput = z.infer<typeof RestoreInputSchema>

export const ExpiryPreviewInputSchema = z.strictObject({
  /** How far ahead to look: 0 = what is due now. */
  days: z.number().int().min(0).max(36_500),
  /** A policy not saved yet (the Settings draft): what it would expire, instead of the saved one. */
  policy: ExpiryPolicyPatchSchema.strict().optional()
})
export type ExpiryPreviewInput = z.infer<typeof ExpiryPreviewInputSchema>

/** "Sweep now" after the user confirmed a list: only those files go (if they are still due). */
export const SweepInputSchema = z.strictObject({
  paths: z.array(MemoryPathSchema).max(100_000)
})
export type SweepInput = z.infer<typeof SweepInputSchema>

/** "Restore all" of one archive folder (a sweep's, or one "archive to make room"). */
export const RestoreAllInputSchema = z.strictObject({ archiveId: z.string().min(1) })
export type RestoreAllInput = z.infer<typeof RestoreAllInputSchema>

/** What came back (one `restore` entry), and each file left where it was, with why. */
export const RestoreAllResultSchema = z.object({
  paths: z.array(z.string()),
  skipped: z.array(SkippedFileSchema),
  usage: MemoryUsageSchema
})
export type RestoreAllResult = z.infer<typeof RestoreAllResultSchema>

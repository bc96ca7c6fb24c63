import { z } from 'zod'
import { ExpiryPolicySchema, HistoryRetentionSchema, MemoryCapsSchema } from '../app/settings'
import { SpaceIdSchema } from './spaces'

// Export memory / Import (Settings → Sync and backups): one archive file with the memory folder,
// its history and the settings for caps, expiry and pins; an import shows what would change first.

/** What importing one file would do: add it, change it (a new version; history keeps the old), nothing, or refused. */
export const ImportStatusSchema = z.enum(['new', 'changed', 'same', 'refused'])
export type ImportStatus = z.infer<typeof ImportStatusSchema>

export const ImportPreviewItemSchema = z.object({
  path: z.string(),
  status: ImportStatusSchema,
  size: z.number(),
  /** For `refused`: why, in words. */
  reason: z.string().optional()
})
export type ImportPreviewItem = z.infer<typeof ImportPreviewItemSchema>

export const ImportSettingsSchema = z.object({
  memory: MemoryCapsSchema,
  expiry: ExpiryPolicySchema,
  history: HistoryRetentionSchema
})
export type ImportSettings = z.infer<typeof ImportSettingsSchema>

export const ImportPreviewSchema = z.object({
  /** Handle for `backup:import` (the archive stays in main; the page never sends a path). */
  token: z.string(),
  /** The archive's file name, for the dialog title. */
  name: z.string(),
  createdAt: z.string(),
  items: z.array(ImportPreviewItemSchema),
  counts: z.object({ new: z.number(), changed: z.number(), same: z.number(), refused: z.number() }),
  /** Earlier versions in the archive that local history does not hold yet. */
  historyVersions: z.number(),
  settings: ImportSettingsSchema,
  /** Whether the archive's settings differ from those in force. */
  settingsDiffer: z.boolean()
})
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

/** Which memory an export or an import is for; absent: "No project" (as before projects). */
export const BackupSpaceSchema = z.strictObject({ space: SpaceIdSchema }).optional()

export const ImportInputSchema = z.strictObject({
  /** The memory the preview was made for (the token is that memory's). */
  space: SpaceIdSchema.optional(),
  token: z.string().min(1).max(100),
  /** Apply the archive's caps, expiry, pins and history retention too (offered, never forced). */
  applySettings: z.boolean()
})
export type ImportInput = z.infer<typeof ImportInputSchema>

export const ImportResultSchema = z.object({
  imported: z.array(z.string()),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  historyVersions: z.number(),
  settingsApplied: z.boolean(),
  /** The activity entry that undoes the whole import at once (null: nothing was written). */
  seq: z.number().nullable()
})
export type ImportResult = z.infer<typeof ImportResultSchema>

export const ExportResultSchema = z.union([
  z.object({ status: z.literal('canceled') }),
  z.object({
    status: z.literal('saved'),
    path: z.string(),
    files: z.number(),
    versions: z.number(),
    bytes: z.number(),
    /** Files left out, with why (too large to read whole). */
    skipped: z.array(z.object({ path: z.string(), reason: z.string() }))
  })
])
export type ExportResult = z.infer<typeof ExportResultSchema>

/** `backup:progress`: how far an export or an import has got. */
export const BackupProgressSchema = z.object({
  phase: z.enum(['export', 'import']),
  done: z.number(),
  total: z.number()
})
export type BackupProgress = z.infer<typeof BackupProgressSchema>

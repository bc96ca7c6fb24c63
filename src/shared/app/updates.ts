import { z } from 'zod'

// Updates as the contract carries them (issue 28): the settings, and the state the banner shows.

/** auto: check and download in the background; notify: check, download when asked; off: neither. */
export const UpdateModeSchema = z.enum(['auto', 'notify', 'off'])
export type UpdateMode = z.infer<typeof UpdateModeSchema>
/** stable: releases only; beta: pre-releases too (`-beta.N` versions, the beta channel files). */
export const UpdateChannelSchema = z.enum(['stable', 'beta'])
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>

export const UpdateSettingsSchema = z.object({
  mode: UpdateModeSchema.default('auto'),
  channel: UpdateChannelSchema.default('stable')
})
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>

/** Release notes as plain text (main strips the HTML a GitHub release carries), capped. */
export const RELEASE_NOTES_MAX_CHARS = 20_000
const NotesSchema = z.string().max(RELEASE_NOTES_MAX_CHARS).nullable()
const VersionSchema = z.string().min(1).max(100)

/** Why nothing is checked: the build cannot update itself, or the user turned it off. */
export const UpdateOffReasonSchema = z.enum(['development', 'unsupported', 'setting'])

export const UpdatePhaseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('off'), reason: UpdateOffReasonSchema, message: z.string() }),
  /** Nothing checked yet since start (the first check waits a few seconds). */
  z.object({ kind: z.literal('idle') }),
  z.object({ kind: z.literal('checking') }),
  z.object({ kind: z.literal('not-available') }),
  /** Found; in "notify only" it waits for Download, in "auto" the download starts at once. */
  z.object({ kind: z.literal('available'), version: VersionSchema, notes: NotesSchema }),
  z.object({
    kind: z.literal('downloading'),
    version: VersionSchema,
    notes: NotesSchema,
    /** Whole percent, 0–100. */
    percent: z.number().int().min(0).max(100),
    transferred: z.number().min(0),
    total: z.number().min(0)
  }),
  z.object({
    kind: z.literal('ready'),
    version: VersionSchema,
    notes: NotesSchema,
    /** The user asked to restart while a reply was streaming: Cairn restarts when it ends. */
    waitingForReply: z.boolean()
  }),
  z.object({
    kind: z.literal('error'),
    /** What went wrong, for a person; the raw error is in the log. */
    message: z.string(),
    nextStep: z.string(),
    /** Where it failed: a failed download can be tried again without checking first. */
    during: z.enum(['check', 'download', 'install'])
  })
])
export type UpdatePhase = z.infer<typeof UpdatePhaseSchema>

export const UpdateStatusSchema = z.object({
  currentVersion: z.string(),
  mode: UpdateModeSchema,
  channel: UpdateChannelSchema,
  /** When the last check finished (epoch ms), whatever it found. */
  checkedAt: z.number().nullable(),
  phase: UpdatePhaseSchema
})
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>

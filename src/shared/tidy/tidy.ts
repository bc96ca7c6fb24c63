import { z } from 'zod'
import { ApprovalCommandSchema, ApprovalPreviewSchema } from '../chat/approval'
import { ModelIdSchema } from '../app/settings'
import { inSpace, SpaceIdSchema } from '../memory/spaces'
import { TidySuggestionSchema } from './suggest'

/*
 * Tidy memory (issue 39): Claude works through a space's folder in a dry-run session (every
 * command planned, none executed), and the user reviews the result like a pull request before
 * any of it is applied, as one activity entry with one Undo.
 *
 * Reasons: the session's prompt asks Claude to write one short line saying why just before each
 * command that changes something; the reason of a change is the last line of Claude's text
 * before that tool call in the same answer ("(no reason given)" when it wrote none).
 */

export const TIDY_FOCUS_MAX = 500
export const TidySessionIdSchema = z.uuid({ error: 'sessionId is not a tidy session id' })

const Focus = z
  .string({ error: 'focus must be text' })
  .trim()
  .max(TIDY_FOCUS_MAX, { error: `the focus can be at most ${TIDY_FOCUS_MAX} characters` })

/** Now (a live session) or as a Message Batch (shared/tidy/batch.ts). */
export const TidyModeSchema = z.enum(['live', 'batch'])

export const TidyEstimateInputSchema = inSpace(
  z.strictObject({
    model: ModelIdSchema.optional(),
    focus: Focus.optional(),
    /** batch: the one request a batch sends is counted, at the batch price (half). */
    mode: TidyModeSchema.optional()
  })
)
export const TidyStartInputSchema = TidyEstimateInputSchema
export type TidyStartInput = z.infer<typeof TidyStartInputSchema>

/** A model the user may pick, cheapest first (`inputPerMTok` null: no published price). */
export const TidyModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  inputPerMTok: z.number().nullable(),
  /** The folder fits its context window (unknown window: assumed to fit). */
  fits: z.boolean()
})

export const TidyEstimateSchema = z.object({
  /** The model the tidy would use: the one asked for, else the cheapest that can do it. */
  model: z.string(),
  models: z.array(TidyModelSchema),
  files: z.number().int(),
  bytes: z.number().int(),
  /** Input tokens of the prompt and the whole folder, as `messages.count_tokens` counted them. */
  inputTokens: z.number().int(),
  /** What reading the folder once costs at the model's input price (USD); null: no price. */
  inputCost: z.number().nullable(),
  /** Why the estimate is only a floor: Claude reads files again and writes changes. */
  note: z.string(),
  /** A batch whose request does not fit the model's context window: why, and what to do. */
  fitProblem: z.string().optional()
})
export type TidyEstimate = z.infer<typeof TidyEstimateSchema>

export const TidySessionInputSchema = inSpace(z.strictObject({ sessionId: TidySessionIdSchema }))

export const TidyStageSchema = z.enum(['copying', 'working', 'ready', 'failed', 'cancelled'])
export type TidyStage = z.infer<typeof TidyStageSchema>

/** The `tidy:progress` event: where a session is. */
export const TidyProgressSchema = z.object({
  space: SpaceIdSchema,
  sessionId: TidySessionIdSchema,
  stage: TidyStageSchema,
  /** Requests made to the API so far. */
  turns: z.number().int(),
  /** Changes planned so far. */
  changes: z.number().int(),
  /** Why it failed, in words the user can act on. */
  message: z.string().optional()
})
export type TidyProgress = z.infer<typeof TidyProgressSchema>

/** A planned change that must be applied before this one: it was planned on what that one left. */
export const TidyNeedSchema = z.object({ id: z.number().int(), why: z.string() })

export const TidyChangeSchema = z.object({
  /** 1, 2, 3… in the order Claude made them. */
  id: z.number().int().min(1),
  command: ApprovalCommandSchema,
  /** `/memories/...`; a rename's old path (`preview.to` is the new one). */
  path: z.string(),
  reason: z.string(),
  /** The file before and after this change, as planned (or a note where no text fits). */
  preview: ApprovalPreviewSchema,
  needs: z.array(TidyNeedSchema)
})
export type TidyChange = z.infer<typeof TidyChangeSchema>

/** One file the proposal changes: its text now and after every change, and what would be lost. */
export const TidyFileSchema = z.object({
  path: z.string(),
  changeIds: z.array(z.number().int()),
  /** null: the file is not there (created) / no longer there (deleted or moved away). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /**
   * Lines of `before` found in no file of the folder after the tidy: a fact removed, not moved
   * (lines compared without list markers, case or extra spaces).
   */
  forgotten: z.array(z.string())
})
export type TidyFile = z.infer<typeof TidyFileSchema>

export const TidyTotalsSchema = z.object({
  files: z.number().int(),
  bytes: z.number().int(),
  /** Shares (0..1+) of the space's caps. */
  shareOfFiles: z.number(),
  shareOfBytes: z.number()
})

export const TidyProposalSchema = z.object({
  sessionId: TidySessionIdSchema,
  space: SpaceIdSchema,
  model: z.string(),
  focus: z.string(),
  /** Claude's closing words. */
  summary: z.string(),
  changes: z.array(TidyChangeSchema),
  files: z.array(TidyFileSchema),
  totals: z.object({ before: TidyTotalsSchema, after: TidyTotalsSchema })
})
export type TidyProposal = z.infer<typeof TidyProposalSchema>

export const TidyApplyInputSchema = inSpace(
  z.strictObject({
    sessionId: TidySessionIdSchema,
    /** The ids of the changes the user accepted (the ones each needs included). */
    accept: z.array(z.number().int().min(1)).max(10_000)
  })
)

export const TidyApplyResultSchema = z.object({
  applied: z.array(z.number().int()),
  /** Not written: the file changed since the proposal (left as it is), a cap, the guard… */
  skipped: z.array(z.object({ id: z.number().int(), path: z.string(), reason: z.string() })),
  /** The one activity entry; undo it to undo the whole tidy. null: nothing was written. */
  seq: z.number().int().nullable()
})
export type TidyApplyResult = z.infer<typeof TidyApplyResultSchema>

export const tidyChannels = {
  // Memory → Tidy… (issue 39): the estimate, a dry-run session, its proposal, and applying what
  // the user accepted. Each names its memory space, as every memory channel does.
  'tidy:estimate': { input: TidyEstimateInputSchema, output: TidyEstimateSchema },
  'tidy:start': {
    input: TidyStartInputSchema,
    output: z.object({ sessionId: TidySessionIdSchema })
  },
  'tidy:proposal': { input: TidySessionInputSchema, output: TidyProposalSchema },
  'tidy:apply': { input: TidyApplyInputSchema, output: TidyApplyResultSchema },
  // The space's tidy still open in main (running, or its proposal waiting for review), so a
  // reloaded window picks it up again; null when there is none.
  'tidy:current': { input: inSpace(z.strictObject({})), output: TidyProgressSchema.nullable() },
  'tidy:cancel': {
    input: TidySessionInputSchema,
    output: z.object({ cancelled: z.boolean() })
  },
  // Suggest, don't nag: null when the setting is off, nothing is past a threshold, or dismissed.
  'tidy:suggestion': {
    input: inSpace(z.strictObject({})),
    output: TidySuggestionSchema.nullable()
  },
  'tidy:dismiss-suggestion': {
    input: inSpace(z.strictObject({})),
    output: z.object({ dismissed: z.literal(true) })
  }
} as const

export const tidyEvents = {
  'tidy:progress': TidyProgressSchema
} as const

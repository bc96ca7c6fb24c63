import { z } from 'zod'
import { inSpace, SpaceIdSchema } from '../memory/spaces'
import { TidyModeSchema, TidySessionIdSchema, TidyStartInputSchema } from './tidy'

/*
 * A suggested tidy as a Message Batch (issue 39): "ready in a few hours, at half price". A batch
 * request is one turn, so it carries the folder's files (where they fit the model's context
 * window) and Claude's one answer's memory commands are the proposal, planned through the same
 * overlay and shown in the same review. One batch per space; its id is kept in the space's state
 * folder, so a batch sent before a restart is still polled after it.
 */

export { TidyModeSchema }
export type TidyMode = z.infer<typeof TidyModeSchema>

/**
 * waiting: sent, not ended; ready: Claude's answer is in, to be reviewed; failed: the batch
 * ended without an answer (expired, errored, canceled) or the API no longer knows it.
 */
export const TidyBatchStatusSchema = z.enum(['waiting', 'ready', 'failed'])

export const TidyBatchSchema = z.object({
  space: SpaceIdSchema,
  batchId: z.string(),
  model: z.string(),
  focus: z.string(),
  /** When it was sent (ISO 8601). */
  sentAt: z.string(),
  status: TidyBatchStatusSchema,
  /** The line Memory shows, with its next step. */
  text: z.string()
})
export type TidyBatch = z.infer<typeof TidyBatchSchema>

export const tidyBatchChannels = {
  // Sends the space's tidy as a Message Batch (refused, with the way on, when it does not fit).
  'tidy:batch-start': { input: TidyStartInputSchema, output: TidyBatchSchema },
  // The space's batch, if it has one.
  'tidy:batch': { input: inSpace(z.strictObject({})), output: TidyBatchSchema.nullable() },
  // A ready batch's proposal, planned through the overlay: then `tidy:proposal` and `tidy:apply`.
  'tidy:batch-review': {
    input: inSpace(z.strictObject({})),
    output: z.object({ sessionId: TidySessionIdSchema })
  },
  // Cancels a waiting batch, or lets go of a finished one (its answer is not applied).
  'tidy:batch-clear': {
    input: inSpace(z.strictObject({})),
    output: z.object({ cleared: z.boolean() })
  }
} as const

export const tidyBatchEvents = {
  /** A space's batch changed (sent, ended, cleared); null: it has none now. */
  'tidy:batch-changed': z.object({ space: SpaceIdSchema, batch: TidyBatchSchema.nullable() })
} as const

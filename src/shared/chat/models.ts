import { z } from 'zod'
import { TimeSchema } from './chat'
import { ModelCapsSchema } from '../models/model-caps'
import { ModelIdSchema } from '../app/settings'

// Models as the API describes them (`GET /v1/models`), and what a key test found.

export const ModelOptionSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** From `GET /v1/models`; absent in lists cached before Cairn kept them. */
  createdAt: z.string().max(40).optional(),
  /** The model line (`sonnet`, `opus`, ...) as the API names it; null when it names none. */
  line: z.string().max(40).nullable().optional(),
  /** `deprecated`/`retired` are flagged in pickers. */
  lifecycle: z.string().max(40).optional(),
  retiresAt: z.string().max(40).nullable().optional(),
  /**
   * What the model takes, from the API's `capabilities`: null when the API described none
   * (Cairn then sends no thinking or effort); absent in lists cached before Cairn kept them.
   */
  caps: ModelCapsSchema.nullable().optional(),
  /** The most `max_tokens` the model takes; null or absent: unknown (Settings' limit applies). */
  maxTokens: z.number().int().positive().nullable().optional(),
  /** Its context window in tokens (the context gauge); null or absent: unknown. */
  maxInputTokens: z.number().int().positive().nullable().optional()
})
export const ModelListSchema = z.object({
  models: z.array(ModelOptionSchema),
  /** `api`: fresh; `cache`: the last list fetched; `default`: offline, only the configured model. */
  source: z.enum(['api', 'cache', 'default']),
  /** When the list was fetched (ISO), if it came from the API at some point. */
  fetchedAt: TimeSchema.nullable(),
  /** Why the list is not fresh, when it is not. */
  message: z.string().nullable(),
  /** The model "Automatic (newest Sonnet)" stands for right now. */
  automatic: z.string().optional()
})
export type ModelOption = z.infer<typeof ModelOptionSchema>
export const DescribeModelInputSchema = z.strictObject({ model: ModelIdSchema })
/** What the API says of one model (null: nothing: offline, or a model it does not know). */
export const DescribeModelOutputSchema = z.object({ model: ModelOptionSchema.nullable() })
export type ModelList = z.infer<typeof ModelListSchema>

export const KeyTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.enum(['ok', 'no-api-key', 'auth', 'offline', 'rate-limited', 'overloaded', 'api-error']),
  message: z.string()
})
export type KeyTestResult = z.infer<typeof KeyTestResultSchema>

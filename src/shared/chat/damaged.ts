import { z } from 'zod'
import { ConversationIdSchema, ConversationSummarySchema, TITLE_MAX } from './chat'

// Conversation files that could not be read (issue 36): kept beside the others as
// `<id>.json.corrupt-<time>`, listed for the user, recovered up to the damage, or dismissed.

/** The name of a kept damaged file: never a path (main only opens names from its own list). */
export const DamagedFileNameSchema = z
  .string({ error: 'file must be text' })
  .regex(/^[a-z0-9][a-z0-9-]{7,63}\.json\.corrupt-[A-Za-z0-9-]{1,40}$/, {
    error: 'file is not a damaged conversation file'
  })

export const DamagedConversationSchema = z.object({
  /** The kept file's name, in the conversations folder. */
  file: DamagedFileNameSchema,
  /** The title the file gives, when it could be read. */
  title: z.string().max(TITLE_MAX).nullable(),
  /** Why it could not be read, in words ("it breaks off part-way through message 4"). */
  reason: z.string().max(500),
  /** Whole messages before the damage: what Recover brings back. */
  messages: z.number().int().min(0),
  /** The conversation Recover made from it, while it is in the list. */
  recovered: z
    .object({ conversationId: ConversationIdSchema, title: z.string(), messages: z.number() })
    .nullable()
})
export type DamagedConversation = z.infer<typeof DamagedConversationSchema>

export const DamagedListSchema = z.object({ damaged: z.array(DamagedConversationSchema) })
export const DamagedFileInputSchema = z.strictObject({ file: DamagedFileNameSchema })
export const RecoverDamagedOutputSchema = z.object({
  conversation: ConversationSummarySchema,
  /** Messages brought back. */
  messages: z.number().int().min(0)
})
export const OpenConversationsFolderOutputSchema = z.object({ opened: z.literal(true) })

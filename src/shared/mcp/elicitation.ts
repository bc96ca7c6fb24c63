import { z } from 'zod'
import { ConversationIdSchema } from '../chat/chat'

// Elicitation (MCP `elicitation/create`, form mode): a server asks the user for input while one of
// its tools runs. Main keeps what waits (a window reload lists it again) and reads the server's
// schema into the few field kinds below; the page shows them as a form, and the answer goes back
// to that server only. The server's words are plain text everywhere, never markup.

export const ElicitationIdSchema = z.uuid({ error: 'elicitationId is not an elicitation id' })

/** The most a form may ask, and the longest words of a server's shown. */
export const ELICIT_LIMITS = {
  fields: 50,
  options: 200,
  message: 4_000,
  words: 500,
  /** The longest text answer, whatever the server allows. */
  text: 10_000
} as const

const Words = z.string().max(ELICIT_LIMITS.words)
const FieldBase = {
  /** The key the answer uses (the schema's property name). */
  name: z.string().min(1).max(200),
  /** What the label says: the schema's title, else its property name. */
  title: Words,
  description: Words.optional(),
  required: z.boolean()
}
const OptionSchema = z.object({ value: Words, title: Words })
export type ElicitOption = z.infer<typeof OptionSchema>

export const ElicitFieldSchema = z.discriminatedUnion('kind', [
  z.object({
    ...FieldBase,
    kind: z.literal('text'),
    format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
    minLength: z.number().int().nonnegative().optional(),
    maxLength: z.number().int().positive().optional(),
    default: z.string().max(ELICIT_LIMITS.text).optional()
  }),
  z.object({
    ...FieldBase,
    kind: z.literal('number'),
    integer: z.boolean(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().optional()
  }),
  z.object({ ...FieldBase, kind: z.literal('boolean'), default: z.boolean().optional() }),
  /** One of a list (`enum`, `oneOf` of `const`s with titles, or the older `enumNames`). */
  z.object({
    ...FieldBase,
    kind: z.literal('choice'),
    options: z.array(OptionSchema).min(1).max(ELICIT_LIMITS.options),
    default: Words.optional()
  }),
  /** Several of a list (an array whose items are such an enum). */
  z.object({
    ...FieldBase,
    kind: z.literal('choices'),
    options: z.array(OptionSchema).min(1).max(ELICIT_LIMITS.options),
    minItems: z.number().int().nonnegative().optional(),
    maxItems: z.number().int().positive().optional(),
    default: z.array(Words).optional()
  })
])
export type ElicitField = z.infer<typeof ElicitFieldSchema>

/** A server's question waiting for the user. */
export const PendingElicitationSchema = z.object({
  id: ElicitationIdSchema,
  /** The chat whose tool call the server asks during (null: no call of that server was running). */
  conversationId: ConversationIdSchema.nullable(),
  /** The server's id and the name the user gave it. */
  server: z.string(),
  serverName: z.string(),
  /** The server's message, as it sent it (cut at ELICIT_LIMITS.message). */
  message: z.string(),
  fields: z.array(ElicitFieldSchema).max(ELICIT_LIMITS.fields),
  /** ISO time. */
  createdAt: z.string()
})
export type PendingElicitation = z.infer<typeof PendingElicitationSchema>

export const ElicitValueSchema = z.union([
  z.string().max(ELICIT_LIMITS.text, { error: 'an answer can be at most 10,000 characters' }),
  z.number(),
  z.boolean(),
  z.array(z.string().max(ELICIT_LIMITS.words)).max(ELICIT_LIMITS.options)
])
export type ElicitValue = z.infer<typeof ElicitValueSchema>
export type ElicitContent = Record<string, ElicitValue>

/** Submit (with the answers), Decline (the user will not answer) or Cancel (no choice made). */
export const ElicitActionSchema = z.enum(['accept', 'decline', 'cancel'])
export type ElicitAction = z.infer<typeof ElicitActionSchema>

export const AnswerElicitationInputSchema = z.strictObject({
  elicitationId: ElicitationIdSchema,
  action: ElicitActionSchema,
  /** The answers (accept only): one per field filled in. */
  content: z.record(z.string().max(200), ElicitValueSchema).optional()
})
export type AnswerElicitationInput = z.infer<typeof AnswerElicitationInputSchema>

/** `gone`: nothing waits under that id (answered elsewhere, stopped, or the server gave up). */
export const AnswerElicitationOutputSchema = z.object({ status: z.enum(['answered', 'gone']) })

export const ListElicitationsOutputSchema = z.object({
  elicitations: z.array(PendingElicitationSchema)
})

/**
 * How a question ended: answered by the user (accepted, declined, cancelled), stopped with the
 * reply, or ended by the server: it stopped waiting (`timed-out`) or went away / took it back
 * (`withdrawn`); Cairn quitting cancels too.
 */
export const ElicitOutcomeSchema = z.enum([
  'accepted',
  'declined',
  'cancelled',
  'stopped',
  'timed-out',
  'withdrawn'
])
export type ElicitOutcome = z.infer<typeof ElicitOutcomeSchema>

/** The `mcp:elicitation-resolved` event: the form can go (with a note when the user did not end it). */
export const ElicitationResolvedSchema = z.object({
  elicitationId: ElicitationIdSchema,
  conversationId: ConversationIdSchema.nullable(),
  outcome: ElicitOutcomeSchema
})
export type ElicitationResolved = z.infer<typeof ElicitationResolvedSchema>

/** The note left where a form was when the server, not the user, ended it (null: none needed). */
export function elicitationEndNote(serverName: string, outcome: ElicitOutcome): string | null {
  if (outcome === 'timed-out')
    return `${serverName} stopped waiting for your answer (its time ran out). Nothing was sent; the tool call goes on without it.`
  if (outcome === 'withdrawn')
    return `${serverName} withdrew its question (it cancelled the request or stopped running). Nothing was sent.`
  return null
}

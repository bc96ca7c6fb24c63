import { z } from 'zod'
import { ConversationIdSchema } from './chat'

// Write approval: a memory change of Claude's that waits for the user's answer. Main owns the
// pending approval (it survives a window reload); the renderer shows it as a card and answers it.

export const ApprovalIdSchema = z.uuid({ error: 'approvalId is not an approval id' })

export const ApprovalCommandSchema = z.enum(['create', 'str_replace', 'insert', 'delete', 'rename'])
export type ApprovalCommand = z.infer<typeof ApprovalCommandSchema>

/**
 * What the change would do, computed without writing: the file's text now and after (null: no
 * file), or a note where no text diff fits (a folder, a file too large to show).
 */
export const ApprovalPreviewSchema = z.object({
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** A rename: where the file or folder would go. */
  to: z.string().optional(),
  note: z.string().optional()
})
export type ApprovalPreview = z.infer<typeof ApprovalPreviewSchema>

/**
 * A change the memory engine planned (its dry run): what the command would do, and the sha256 of
 * the bytes on disk it was planned from (null: nothing was there; a folder's is a `tree:` hash).
 * Executing it with that sha256 as precondition refuses if the bytes moved on.
 */
export const PlannedChangeSchema = z.object({
  command: ApprovalCommandSchema,
  /** `/memories/...`; for a rename, the old path (`preview.to` is the new one). */
  path: z.string(),
  sha256: z.string().nullable(),
  preview: ApprovalPreviewSchema
})
export type PlannedChange = z.infer<typeof PlannedChangeSchema>

export const MemoryApprovalSchema = z.object({
  id: ApprovalIdSchema,
  conversationId: ConversationIdSchema,
  turnId: z.string(),
  toolUseId: z.string(),
  command: ApprovalCommandSchema,
  /** `/memories/...`; for a rename, the old path (`preview.to` is the new one). */
  path: z.string(),
  preview: ApprovalPreviewSchema,
  /** ISO time. */
  createdAt: z.string(),
  /** Counts the plans shown: 0 at first, one more each time the file changed while it waited. */
  revision: z.number().int().nonnegative(),
  /**
   * What happened on disk while the card waited: the file changed (the preview is the new plan)
   * or was deleted. Absent: the plan is the one first made.
   */
  onDisk: z.enum(['changed', 'deleted']).optional(),
  /** The change can no longer be made on what is there now (why, in the engine's words). */
  cannotApply: z.string().optional()
})
export type MemoryApproval = z.infer<typeof MemoryApprovalSchema>

/** The most of a call's arguments a card shows (as JSON); the rest is cut with a note. */
export const TOOL_ARGUMENTS_SHOWN = 20_000

/** A tool call of another provider (an MCP server's) that waits: the server, the tool, what Claude sent. */
export const ToolCallApprovalSchema = z.object({
  id: ApprovalIdSchema,
  conversationId: ConversationIdSchema,
  turnId: z.string(),
  toolUseId: z.string(),
  createdAt: z.string(),
  revision: z.number().int().nonnegative(),
  call: z.object({
    /** `mcp:<server>`. */
    provider: z.string(),
    server: z.string(),
    tool: z.string(),
    /** The tool's title (its name when it has none). */
    title: z.string(),
    /** What Claude sent, as indented JSON (cut at TOOL_ARGUMENTS_SHOWN characters). */
    arguments: z.string()
  })
})
export type ToolCallApproval = z.infer<typeof ToolCallApprovalSchema>

export const PendingApprovalSchema = z.union([MemoryApprovalSchema, ToolCallApprovalSchema])
export type PendingApproval = z.infer<typeof PendingApprovalSchema>

export function isToolCallApproval(approval: PendingApproval): approval is ToolCallApproval {
  return 'call' in approval
}

/**
 * `always-allow`: approve this one and every later write in this conversation (this session);
 * for a tool call, every later call of that tool in this chat. `always-allow-tool`: a tool call
 * only: that tool runs without asking from now on, in every chat (remembered in Settings → Tools).
 */
export const ApprovalAnswerSchema = z.enum([
  'approve',
  'decline',
  'always-allow',
  'always-allow-tool'
])
export type ApprovalAnswer = z.infer<typeof ApprovalAnswerSchema>

export const APPROVAL_REASON_MAX = 1_000

export const AnswerApprovalInputSchema = z.strictObject({
  approvalId: ApprovalIdSchema,
  answer: ApprovalAnswerSchema,
  /** The plan the user saw (`PendingApproval.revision`): an approval of an older one is not run. */
  revision: z.number().int().nonnegative().optional(),
  /** Why the user declined, told to Claude. */
  reason: z
    .string({ error: 'reason must be text' })
    .max(APPROVAL_REASON_MAX, {
      error: `the reason can be at most ${APPROVAL_REASON_MAX.toLocaleString('en-US')} characters`
    })
    .optional()
})
export type AnswerApprovalInput = z.infer<typeof AnswerApprovalInputSchema>

/**
 * `gone`: nothing was waiting under that id (answered elsewhere, or the reply was stopped).
 * `changed`: the file changed again before the answer came; the card shows the new plan.
 */
export const AnswerApprovalOutputSchema = z.object({
  status: z.enum(['answered', 'gone', 'changed'])
})

export const ListApprovalsInputSchema = z
  .strictObject({ conversationId: ConversationIdSchema.optional() })
  .optional()
export const ApprovalListSchema = z.object({ approvals: z.array(PendingApprovalSchema) })

export const ApprovalOutcomeSchema = z.enum(['approved', 'declined', 'cancelled'])
/** The `chat:approval-resolved` event: the card can go. */
export const ChatApprovalResolvedSchema = z.object({
  conversationId: ConversationIdSchema,
  approvalId: ApprovalIdSchema,
  outcome: ApprovalOutcomeSchema
})
export type ChatApprovalResolved = z.infer<typeof ChatApprovalResolvedSchema>

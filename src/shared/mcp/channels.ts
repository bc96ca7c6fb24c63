import { z } from 'zod'
import { McpServerIdSchema } from './server-id'
import { McpServerStatusSchema, McpTransportSchema, type McpTransport } from './servers'

// Settings → Tools over the contract: the servers, their tools and how each tool is approved.

/** How a tool's calls are approved: asked every time, once per chat, or never asked. */
export const McpToolApprovalSchema = z.enum(['ask', 'once-per-chat', 'always'])
export type McpToolApproval = z.infer<typeof McpToolApprovalSchema>

/** An env variable or header as the page sees it: a secret's value never leaves main. */
const NamedValue = z.object({ name: z.string(), value: z.string(), secret: z.boolean() })

export const McpTransportViewSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    cwd: z.string().optional(),
    env: z.array(NamedValue)
  }),
  z.object({ type: z.literal('http'), url: z.string(), headers: z.array(NamedValue) })
])

export const McpToolViewSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  readOnly: z.boolean(),
  destructive: z.boolean(),
  approval: McpToolApprovalSchema
})

/** A remote server's sign-in (OAuth): whether Cairn holds its tokens, or waits for the browser. */
export const McpSignInViewSchema = z.object({
  state: z.enum(['signed-out', 'waiting', 'signed-in']),
  /** Why the last sign-in did not finish, with the next step (null: nothing to say). */
  problem: z.string().nullable()
})
export type McpSignInView = z.infer<typeof McpSignInViewSchema>

export const McpServerViewSchema = z.object({
  id: McpServerIdSchema,
  name: z.string(),
  enabled: z.boolean(),
  transport: McpTransportViewSchema,
  status: McpServerStatusSchema,
  tools: z.array(McpToolViewSchema),
  /** Remote servers only. */
  signIn: McpSignInViewSchema.optional(),
  /** Installed from a bundle: which one. */
  bundle: z.object({ name: z.string(), version: z.string() }).optional()
})
export type McpServerView = z.infer<typeof McpServerViewSchema>

export const McpOverviewSchema = z.object({ servers: z.array(McpServerViewSchema) })
export type McpOverview = z.infer<typeof McpOverviewSchema>

/** A server about to be added: what will run, exactly as it will run. */
export const McpServerDraftSchema = z.object({
  id: McpServerIdSchema,
  name: z.string().min(1).max(80),
  transport: McpTransportSchema,
  /** An existing server of this id is replaced (its command line shown again). */
  replaces: z.boolean()
})
export type McpServerDraft = z.infer<typeof McpServerDraftSchema>
export type { McpTransport }

export const McpImportSourceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('json'), text: z.string().max(200_000) }),
  z.object({ source: z.literal('claude-desktop') })
])
export type McpImportSource = z.infer<typeof McpImportSourceSchema>

export const McpImportPreviewSchema = z.object({
  servers: z.array(McpServerDraftSchema),
  /** What could not be read, in plain words (one per server or per problem). */
  problems: z.array(z.string()),
  /** Where Claude Desktop's file was looked for (null for pasted JSON). */
  file: z.string().nullable()
})
export type McpImportPreview = z.infer<typeof McpImportPreviewSchema>

export const McpAddServersInputSchema = z.strictObject({
  servers: z.array(McpServerDraftSchema).min(1).max(50)
})
export const McpServerIdInputSchema = z.strictObject({ id: McpServerIdSchema })
export const McpSetEnabledInputSchema = z.strictObject({
  id: McpServerIdSchema,
  enabled: z.boolean()
})
export const McpSetToolApprovalInputSchema = z.strictObject({
  server: McpServerIdSchema,
  tool: z.string().min(1).max(200),
  approval: McpToolApprovalSchema
})

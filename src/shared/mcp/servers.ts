import { z } from 'zod'

// MCP servers: how each is started or reached, how it is doing, and the tools it offers.

export const McpServerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
  error: 'a server id is 1–40 lowercase letters, digits and dashes'
})

const Env = z.record(z.string(), z.string())

export const McpTransportSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('stdio'),
    command: z.string().min(1, { error: 'the command is empty' }),
    args: z.array(z.string()).default([]),
    env: Env.default({}),
    cwd: z.string().optional()
  }),
  z.object({
    type: z.literal('http'),
    url: z.url({ protocol: /^https?$/, error: 'the address must start with http:// or https://' }),
    headers: Env.default({})
  })
])
export type McpTransport = z.infer<typeof McpTransportSchema>

export const McpServerConfigSchema = z.object({
  id: McpServerIdSchema,
  name: z.string().min(1).max(80),
  enabled: z.boolean(),
  transport: McpTransportSchema
})
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>

export const McpServerStateSchema = z.enum([
  'disabled',
  'starting',
  'connected',
  'needs-sign-in',
  'failed'
])

export const McpServerStatusSchema = z.object({
  id: McpServerIdSchema,
  state: McpServerStateSchema,
  tools: z.number().int().min(0),
  /** Plain words with a next step; null while all is well. */
  error: z.string().nullable(),
  /** The last lines the server wrote to stderr. */
  stderrTail: z.array(z.string()),
  logFile: z.string().nullable()
})
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>

export const McpToolInfoSchema = z.object({
  server: McpServerIdSchema,
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z
    .object({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional()
    })
    .optional()
})
export type McpToolInfo = z.infer<typeof McpToolInfoSchema>

import { z } from 'zod'
import { McpServerIdSchema } from './server-id'

/*
 * MCP servers (issue 37): how one is configured, how it is doing, and the tools it offers. Main's
 * MCP hub (services/mcp) runs them; Settings and the chat's MCP tool provider read these shapes.
 */

const StringMapSchema = z.record(z.string(), z.string())

/** A local server: a program Cairn starts (without a shell: argv as given) and talks to on stdio. */
export const McpStdioTransportSchema = z.object({
  type: z.literal('stdio'),
  command: z.string().trim().min(1, { error: 'give the program to run' }),
  args: z.array(z.string()),
  /** Merged over Cairn's own environment. */
  env: StringMapSchema,
  cwd: z.string().min(1).optional()
})

/** A remote server over Streamable HTTP (or the older SSE transport, found by falling back). */
export const McpHttpTransportSchema = z.object({
  type: z.literal('http'),
  url: z
    .url({
      error: 'give the server address as a full URL, like https://example.com/mcp',
      // One message for an address that is not a URL at all, not the scheme's as well.
      abort: true
    })
    .refine((url) => /^https?:\/\//i.test(url), {
      error: 'a server address starts with http:// or https://'
    }),
  headers: StringMapSchema
})

export const McpTransportSchema = z.discriminatedUnion('type', [
  McpStdioTransportSchema,
  McpHttpTransportSchema
])

/**
 * A server installed from an MCP Bundle (`.mcpb`): unpacked in `<userData>/mcp-bundles/<folder>`.
 * Its transport keeps a sensitive setting as `${user_config.KEY}`; the value is in `secrets`
 * (in memory; the servers file keeps it in the keychain) and is filled in when the server starts.
 */
export const McpBundleRefSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  /** One folder name under `mcp-bundles` (never a path). */
  folder: z.string().regex(/^[a-z0-9][a-z0-9._+-]*$/),
  /** The settings the user gave (not sensitive ones), for the form of the next update. */
  userConfig: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])
  ),
  /** Sensitive settings by key (values in the keychain on disk). */
  secrets: z.record(z.string(), z.string())
})
export type McpBundleRef = z.infer<typeof McpBundleRefSchema>

export const McpServerConfigSchema = z.object({
  id: McpServerIdSchema,
  name: z.string().trim().min(1, { error: 'give the server a name' }).max(100),
  enabled: z.boolean(),
  transport: McpTransportSchema,
  bundle: McpBundleRefSchema.optional()
})
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>
export type McpTransport = z.infer<typeof McpTransportSchema>

export const McpServerStateSchema = z.enum([
  'disabled',
  'starting',
  'connected',
  'needs-sign-in',
  'failed'
])
export type McpServerState = z.infer<typeof McpServerStateSchema>

/** How many of a server's last stderr lines its status keeps. */
export const MCP_STDERR_TAIL_LINES = 20

export const McpServerStatusSchema = z.object({
  id: McpServerIdSchema,
  state: McpServerStateSchema,
  /** How many tools it offers (0 unless connected). */
  tools: z.number().int().nonnegative(),
  /** What went wrong, in plain words with the next step (null: nothing). */
  error: z.string().nullable(),
  /** The last lines the server wrote to stderr (stdio servers only). */
  stderrTail: z.array(z.string()).max(MCP_STDERR_TAIL_LINES),
  /** The file its stderr is kept in (null: none, e.g. an HTTP server). */
  logFile: z.string().nullable()
})
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>

/** What a server says of a tool: hints only (a server is untrusted; approval decides). */
export const McpToolAnnotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional()
})

export const McpToolInfoSchema = z.object({
  /** The server's id. */
  server: McpServerIdSchema,
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: McpToolAnnotationsSchema.optional()
})
export type McpToolInfo = z.infer<typeof McpToolInfoSchema>

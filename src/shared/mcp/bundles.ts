import { z } from 'zod'
import { McpServerIdSchema } from './server-id'
import { McpStdioTransportSchema } from './servers'

/*
 * MCP Bundles (`.mcpb`, formerly `.dxt`): a zip with a manifest and a server inside. Settings →
 * Tools installs one in two steps: main reads the bundle and answers a preview (what it is, the
 * command line that will run, the settings it asks for); the user fills the form and confirms.
 * The page never names a path on disk: a bundle comes from main's open dialog or as the bytes of
 * a file dropped on the card, and the install names the preview by its token.
 */

/** The largest bundle Cairn reads (the archive itself). */
export const MCP_BUNDLE_MAX_BYTES = 100 * 1024 * 1024
const MAX_BASE64_CHARS = Math.ceil(MCP_BUNDLE_MAX_BYTES / 3) * 4

export const McpBundleSourceSchema = z.discriminatedUnion('source', [
  /** Main's open dialog picks the file. */
  z.object({ source: z.literal('pick') }),
  /** A file dropped on the card: its name and its bytes in base64. */
  z.object({
    source: z.literal('bytes'),
    name: z.string().min(1).max(255),
    data: z
      .string()
      .min(1, { error: 'the file is empty' })
      .max(MAX_BASE64_CHARS, { error: 'the bundle is larger than 100 MB, the most Cairn reads' })
  })
])
export type McpBundleSource = z.infer<typeof McpBundleSourceSchema>

/** A value the user gives a bundle setting (`user_config`), as the manifest types it. */
export const McpBundleValueSchema = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(100)
])
export type McpBundleValue = z.infer<typeof McpBundleValueSchema>
export const McpBundleValuesSchema = z.record(z.string().max(200), McpBundleValueSchema)
export type McpBundleValues = z.infer<typeof McpBundleValuesSchema>

/** One setting the bundle asks for (`user_config` in its manifest). */
export const McpBundleFieldSchema = z.object({
  key: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  /** Kept in the system keychain, never in a settings file; its value never comes back. */
  sensitive: z.boolean(),
  /** Several values (one per line). */
  multiple: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** What the form starts with: the manifest's default, or the installed version's value. */
  value: McpBundleValueSchema.nullable(),
  /** A sensitive value is already in the keychain (an update): left empty, it is kept. */
  kept: z.boolean()
})
export type McpBundleField = z.infer<typeof McpBundleFieldSchema>

/** What will run, as it will run (a sensitive value shows as its `${user_config.…}` name). */
export const McpBundleCommandSchema = z.object({
  transport: McpStdioTransportSchema,
  /** Required settings still empty, by title (the command line is complete when none are). */
  missing: z.array(z.string())
})
export type McpBundleCommand = z.infer<typeof McpBundleCommandSchema>

export const McpBundlePreviewSchema = z.object({
  /** Names this preview for the install (main keeps the bundle it read until then). */
  token: z.string(),
  /** The server's id once installed. */
  id: McpServerIdSchema,
  name: z.string(),
  version: z.string(),
  description: z.string(),
  author: z.object({ name: z.string(), email: z.string().optional(), url: z.string().optional() }),
  /** How the manifest says the server runs. */
  serverType: z.enum(['node', 'python', 'binary']),
  /** What runs it, in plain words (a node server: the `node` on this computer). */
  runsWith: z.string(),
  /** What will stop it from running here, with the next step (null: nothing found). */
  warning: z.string().nullable(),
  command: McpBundleCommandSchema,
  /** The tools the manifest declares (a server may offer others once it runs). */
  tools: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  fields: z.array(McpBundleFieldSchema),
  /** Where it will be unpacked. */
  folder: z.string(),
  /** The installed version this one replaces, with the command line it runs now. */
  replaces: z.object({ version: z.string(), commandLine: McpStdioTransportSchema }).nullable()
})
export type McpBundlePreview = z.infer<typeof McpBundlePreviewSchema>

export const McpBundlePreviewOutputSchema = McpBundlePreviewSchema.nullable()
export const McpBundleChoiceSchema = z.strictObject({
  token: z.string().min(1).max(100),
  values: McpBundleValuesSchema
})
export type McpBundleChoice = z.infer<typeof McpBundleChoiceSchema>

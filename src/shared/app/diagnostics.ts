import { z } from 'zod'

/** What "Copy diagnostics" copies: enough to understand a problem, never a secret or a memory. */
export const DiagnosticsSchema = z.object({
  app: z.object({ name: z.string(), version: z.string(), packaged: z.boolean() }),
  /** electron, chrome, node, v8, … as the process reports them. */
  versions: z.record(z.string(), z.string()),
  platform: z.object({ os: z.string(), arch: z.string(), release: z.string() }),
  paths: z.object({
    userData: z.string(),
    logs: z.string(),
    memory: z.string()
  }),
  /** Settings without free text: the memory guidance is reported by its length only. */
  settings: z.record(z.string(), z.unknown()),
  apiKey: z.object({ configured: z.boolean(), source: z.string().nullable() }),
  /** The last lines of the main log, secrets masked. */
  log: z.array(z.string()),
  /** Everything above as one text, ready for the clipboard. */
  text: z.string()
})
export type Diagnostics = z.infer<typeof DiagnosticsSchema>

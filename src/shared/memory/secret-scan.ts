import { z } from 'zod'

// "Scan memory for secrets": what the whole-folder scan answers. Findings name the kind of
// secret and where it is, never the secret itself.

export const SecretFindingSchema = z.object({
  /** Virtual path, `/memories/...`. */
  path: z.string(),
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  /** Plain words, e.g. "AWS access key". */
  kind: z.string()
})
export type SecretFinding = z.infer<typeof SecretFindingSchema>

export const SecretScanSkipSchema = z.object({
  path: z.string(),
  size: z.number(),
  reason: z.string()
})

export const SecretScanResultSchema = z.object({
  findings: z.array(SecretFindingSchema),
  /** More findings than the answer holds: the first ones are listed. */
  truncated: z.boolean(),
  scannedFiles: z.number(),
  /** Files not scanned (too big to read whole, unreadable), with why. */
  skipped: z.array(SecretScanSkipSchema)
})
export type SecretScanResult = z.infer<typeof SecretScanResultSchema>

/** At most this many findings are sent back: enough to act on, bounded for the bridge. */
export const SECRET_FINDINGS_MAX = 1000

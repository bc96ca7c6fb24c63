import { z } from 'zod'
import { MemoryCapsSchema } from '../app/settings'
import { formatBytes } from '../sizes'
import { plural } from '../words'

// The memory caps in plain words, from structured facts (never by parsing the engine's English).
// Every sentence says what the engine really does (memory/caps.ts): over the per-file cap, a file
// stays readable but no edit may make it larger; at the file-count cap, no new file is created;
// at the total cap, no change may make memory larger. Changes that shrink memory always work.

/** Which cap: the per-file size, the number of files, or the folder's total size. */
export const CapNameSchema = z.enum(['file', 'files', 'total'])
export type CapName = z.infer<typeof CapNameSchema>

/** The settings field that sets each cap (Settings → Memory limits). */
export const CAP_SETTING = {
  file: 'maxFileBytes',
  files: 'maxFiles',
  total: 'maxTotalBytes'
} as const satisfies Record<CapName, keyof z.infer<typeof MemoryCapsSchema>>

/**
 * Why a memory write was refused, kept beside the tool result for its chip: the cap, its value
 * (bytes or files) and what the write met (the file's new size, the file count, memory's size).
 */
export const CapRefusalSchema = z.object({
  cap: CapNameSchema,
  limit: z.number().int().min(0),
  used: z.number().int().min(0)
})
export type CapRefusal = z.infer<typeof CapRefusalSchema>

const CANDIDATES_MAX_INPUT = 500
const caps = MemoryCapsSchema.shape
/** `memory:cap-impact`: caps to check usage against (those left out: the caps in force). */
export const CapImpactInputSchema = z
  .strictObject({
    maxFileBytes: caps.maxFileBytes.unwrap().optional(),
    maxTotalBytes: caps.maxTotalBytes.unwrap().optional(),
    maxFiles: caps.maxFiles.unwrap().optional()
  })
  .optional()
export type CapImpactInput = z.input<typeof CapImpactInputSchema>

/** `memory:archive`: files the user chose to move to the archive (to make room). */
export const ArchiveInputSchema = z.strictObject({
  paths: z
    .array(z.string().min(1).max(4096))
    .min(1, { error: 'choose at least one file to archive' })
    .max(CANDIDATES_MAX_INPUT, { error: 'at most 500 files can be archived at once' })
})
export type ArchiveInput = z.infer<typeof ArchiveInputSchema>

/** A file the user may archive to make room. `lastUsed`: last read or change (epoch ms). */
export const ArchiveCandidateSchema = z.object({
  path: z.string(),
  size: z.number(),
  lastUsed: z.number(),
  pinned: z.boolean()
})
export type ArchiveCandidate = z.infer<typeof ArchiveCandidateSchema>

/** Most candidates `memory:cap-impact` lists in each order. */
export const CANDIDATES_MAX = 100

export const CapImpactSchema = z.object({
  files: z.number(),
  totalBytes: z.number(),
  limits: z.object({ maxFileBytes: z.number(), maxTotalBytes: z.number(), maxFiles: z.number() }),
  /** Files larger than `limits.maxFileBytes`. */
  overFileCap: z.number(),
  /** Largest first, and least recently used first; at most CANDIDATES_MAX each. */
  largest: z.array(ArchiveCandidateSchema),
  oldest: z.array(ArchiveCandidateSchema)
})
export type CapImpact = z.infer<typeof CapImpactSchema>
type Facts = Pick<CapImpact, 'files' | 'totalBytes' | 'limits' | 'overFileCap'>

const count = (n: number) => n.toLocaleString('en-US')

/** The caps that refuse some writes now: at or past the file count or the total, or files too big. */
export function capsReached(facts: Facts): CapName[] {
  const reached: CapName[] = []
  if (facts.overFileCap > 0) reached.push('file')
  if (facts.files >= facts.limits.maxFiles) reached.push('files')
  if (facts.totalBytes >= facts.limits.maxTotalBytes) reached.push('total')
  return reached
}

/** What is needed to be under a cap again: files to remove, or bytes to free (0: nothing). */
export function roomNeeded(facts: Facts): { files: number; bytes: number } {
  return {
    files: Math.max(0, facts.files - facts.limits.maxFiles + 1),
    bytes: Math.max(0, facts.totalBytes - facts.limits.maxTotalBytes + 1)
  }
}

/** One cap reached, in words: a short headline and what it means. `fresh`: a cap not saved yet. */
export interface CapWords {
  cap: CapName
  headline: string
  meaning: string
}

export function capWords(cap: CapName, facts: Facts, fresh = false): CapWords {
  const the = fresh ? 'the new' : 'the'
  const { files, totalBytes, limits, overFileCap: big } = facts
  if (cap === 'files') {
    const over = files - limits.maxFiles
    return {
      cap,
      headline:
        over > 0
          ? `${plural(files, 'file')}, ${count(over)} over ${the} cap of ${count(limits.maxFiles)}`
          : `${plural(files, 'file')}, at ${the} cap of ${count(limits.maxFiles)}`,
      meaning: `Claude will be refused new files until there are fewer than ${count(limits.maxFiles)} (archive or delete ${plural(roomNeeded(facts).files, 'file')}). Edits to existing files still work.`
    }
  }
  if (cap === 'total') {
    const over = totalBytes - limits.maxTotalBytes
    return {
      cap,
      headline:
        over > 0
          ? `${formatBytes(totalBytes)} used, ${formatBytes(over)} over ${the} ${formatBytes(limits.maxTotalBytes)} total cap`
          : `${formatBytes(totalBytes)} used, at ${the} ${formatBytes(limits.maxTotalBytes)} total cap`,
      meaning: `Claude will be refused any change that makes memory larger until it is under ${formatBytes(limits.maxTotalBytes)}. Changes that shrink memory still work.`
    }
  }
  const one = big === 1
  return {
    cap,
    headline: `${plural(files, 'file')}, ${count(big)} over ${the} ${formatBytes(limits.maxFileBytes)} per-file cap`,
    meaning: `${one ? 'It stays' : 'They stay'} readable, but any edit that makes ${one ? 'it' : 'them'} larger will be refused, for Claude and for you, until ${one ? 'it is' : 'they are'} shortened, split or archived.`
  }
}

/** The chip of a refused write: "Refused: memory is over its 1 MB total cap". */
export function refusalWords(refusal: CapRefusal): string {
  const { cap, limit, used } = refusal
  if (cap === 'files') return `Refused: memory is at its cap of ${plural(limit, 'file')}`
  if (cap === 'total')
    return used > limit
      ? `Refused: memory is over its ${formatBytes(limit)} total cap`
      : `Refused: this change would take memory over its ${formatBytes(limit)} total cap`
  return `Refused: the file would be ${formatBytes(used)}, over the ${formatBytes(limit)} per-file cap`
}

/** The label of the setting that raises a cap, for links ("Raise Max folder size"). */
export const CAP_NOUN: Record<CapName, string> = {
  file: 'per-file cap',
  files: 'file-count cap',
  total: 'total cap'
}

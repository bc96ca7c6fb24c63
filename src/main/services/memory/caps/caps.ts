import type { MemoryUsage } from '@shared/memory/memory'
import { plural } from '@shared/words'
import type { Ctx } from '../kernel/context'
import { bytesText, count, formatSize, percent } from '../core/format'
import { displayOf } from '../jail/paths'
import { ToolError } from '../core/tool-error'

const NOTICE_AT = 0.8

export interface WritePlan {
  display: string
  /** 'create' a new file or 'edit' an existing one. */
  verb: 'create' | 'edit'
  oldSize: number
  newSize: number
}

/** The cap a write would break, with what it would be after (the one rule both wordings share). */
interface Breach {
  cap: 'file' | 'files' | 'total'
  limit: number
  used: number
  after: number
}

/**
 * Which cap a write would break, if any. A write that does not grow what is already over a cap (a
 * file the user made large) breaks none: shrinking must work.
 */
function breachOf(ctx: Ctx, plan: WritePlan): Breach | undefined {
  const { maxFileBytes, maxFiles, maxTotalBytes } = ctx.limits
  const { verb, oldSize, newSize } = plan
  const grows = newSize > oldSize
  if (newSize > maxFileBytes && grows)
    return { cap: 'file', limit: maxFileBytes, used: newSize, after: newSize }
  const files = ctx.index.fileCount
  if (verb === 'create' && files + 1 > maxFiles)
    return { cap: 'files', limit: maxFiles, used: files, after: files + 1 }
  const total = ctx.index.totalBytes
  const after = total - oldSize + newSize
  if (after > maxTotalBytes && grows)
    return { cap: 'total', limit: maxTotalBytes, used: total, after }
  return undefined
}

function capError(breach: Breach, message: string): ToolError {
  const { cap, limit, used } = breach
  return new ToolError('cap', message, { cap, limit, used })
}

/** Refuses Claude's write that would break a cap, before anything touches the disk. */
export function checkCaps(ctx: Ctx, plan: WritePlan): void {
  if (!ctx.enforceCaps) return
  const breach = breachOf(ctx, plan)
  if (!breach) return
  const { display, verb } = plan
  const files = ctx.index.fileCount
  const words = {
    file: `Error: Cannot ${verb} ${display}: it would be ${bytesText(breach.after)}, over the per-file cap of ${bytesText(breach.limit)}. Shorten the text, or split it into several smaller files.`,
    files: `Error: Cannot create ${display}: memory already holds ${plural(files, 'file')} and the cap is ${count(breach.limit)}. Delete files you no longer need or consolidate related notes into one file, then try again.`,
    total: `Error: Cannot ${verb} ${display}: memory would grow to ${bytesText(breach.after)}, over the total cap of ${bytesText(breach.limit)} (${bytesText(breach.used)} used now in ${plural(files, 'file')}). Delete or consolidate files you no longer need, or shorten this text, then try again.`
  }
  throw capError(breach, words[breach.cap])
}

// The Settings labels the user's messages point at (Settings → Memory limits); a test keeps them
// equal to the renderer's FIELD_LABELS.
const SETTING_LABELS = {
  maxFileBytes: 'Max file size',
  maxTotalBytes: 'Max folder size',
  maxFiles: 'Max number of files'
} as const

function raise(setting: keyof typeof SETTING_LABELS): string {
  return `raise "${SETTING_LABELS[setting]}" in Settings → Memory limits.`
}

/**
 * The same caps for the user's own saves in the inspector, worded for the user: the message names
 * the cap and the setting that raises it.
 */
export function checkUserCaps(
  ctx: Ctx,
  plan: WritePlan,
  action: 'save' | 'create' | 'restore'
): void {
  const breach = breachOf(ctx, plan)
  if (!breach) return
  const { display } = plan
  const words = {
    file: `Error: Cannot ${action} ${display}: it would be ${bytesText(breach.after)}, over the per-file cap of ${bytesText(breach.limit)}. Shorten it, or ${raise('maxFileBytes')}`,
    files: `Error: Cannot create ${display}: memory already holds ${plural(breach.used, 'file')} and the cap is ${count(breach.limit)}. Delete files you no longer need, or ${raise('maxFiles')}`,
    total: `Error: Cannot ${action} ${display}: memory would grow to ${bytesText(breach.after)}, over the total cap of ${bytesText(breach.limit)}. Delete files you no longer need, or ${raise('maxTotalBytes')}`
  }
  throw capError(breach, words[breach.cap])
}

/** One line for a successful write once usage passes 80% of a cap ('' below that). */
export function usageNotice(ctx: Ctx, fileSize?: number): string {
  const { maxFileBytes, maxFiles, maxTotalBytes } = ctx.limits
  const parts: string[] = []
  const files = ctx.index.fileCount
  const total = ctx.index.totalBytes
  if (files / maxFiles > NOTICE_AT) {
    parts.push(`${count(files)} of ${count(maxFiles)} files (${percent(files / maxFiles)})`)
  }
  if (total / maxTotalBytes > NOTICE_AT) {
    parts.push(
      `${formatSize(total)} of the ${formatSize(maxTotalBytes)} total cap (${percent(total / maxTotalBytes)})`
    )
  }
  if (fileSize !== undefined && fileSize / maxFileBytes > NOTICE_AT) {
    parts.push(
      `this file is ${formatSize(fileSize)} of the ${formatSize(maxFileBytes)} per-file cap (${percent(fileSize / maxFileBytes)})`
    )
  }
  if (parts.length === 0) return ''
  return `\nNote: memory is nearly full: ${parts.join('; ')}. Consolidate related notes and delete what is no longer needed before adding more.`
}

/** The line a view of an over-cap file ends with. */
export function overCapNote(ctx: Ctx, size: number): string {
  if (size <= ctx.limits.maxFileBytes) return ''
  return `\nNote: this file is ${bytesText(size)}, over the per-file cap of ${bytesText(ctx.limits.maxFileBytes)}. It stays readable, but edits that make it larger are refused; shorten it or split it into smaller files.`
}

export function usageOf(ctx: Pick<Ctx, 'index' | 'limits'>): MemoryUsage {
  const { index, limits } = ctx
  const overCapFiles = index.overCapFiles(limits.maxFileBytes).map(displayOf)
  return {
    files: index.fileCount,
    totalBytes: index.totalBytes,
    limits: { ...limits },
    fraction: {
      files: index.fileCount / limits.maxFiles,
      totalBytes: index.totalBytes / limits.maxTotalBytes
    },
    overCapFiles: overCapFiles.sort()
  }
}

/**
 * Files among `rels` (just changed outside the app) that break a cap: larger than the per-file
 * cap, or added while the folder is over its file-count or total cap. Display paths, sorted.
 */
export function capFlags(rels: string[], ctx: Pick<Ctx, 'index' | 'limits'>): string[] {
  const { index, limits } = ctx
  const folderOver = index.fileCount > limits.maxFiles || index.totalBytes > limits.maxTotalBytes
  const flagged: string[] = []
  for (const rel of rels) {
    const entry = index.get(rel)
    if (entry && (entry.size > limits.maxFileBytes || folderOver)) flagged.push(displayOf(rel))
  }
  return flagged.sort()
}

/** Why a file changed outside the app breaks a cap ('' when it does not). */
export function capNote(rel: string, ctx: Pick<Ctx, 'index' | 'limits'>): string {
  const { index, limits } = ctx
  const size = index.get(rel)?.size
  if (size === undefined) return ''
  const notes: string[] = []
  if (size > limits.maxFileBytes)
    notes.push(`over the per-file cap of ${bytesText(limits.maxFileBytes)}`)
  if (index.fileCount > limits.maxFiles)
    notes.push(
      `memory now holds ${plural(index.fileCount, 'file')}, over the cap of ${count(limits.maxFiles)}`
    )
  if (index.totalBytes > limits.maxTotalBytes)
    notes.push(
      `memory now holds ${bytesText(index.totalBytes)}, over the total cap of ${bytesText(limits.maxTotalBytes)}`
    )
  return notes.length ? `; ${notes.join('; ')}` : ''
}

import { createHash } from 'node:crypto'
import type { ApprovalCommand, ApprovalPreview, PlannedChange } from '@shared/chat/approval'
import type { Stats } from 'node:fs'
import type { Ctx, Done } from '../kernel/context'
import { readIn } from '../kernel/files'
import type { MemoryPath } from '../jail/paths'
import type { Dir } from '../jail/fs-base'
import { ToolError } from '../core/tool-error'

// Every command reaches one checkpoint after it has read, decoded, matched and checked, and before
// it writes. A dry run (`preview`) stops there with the plan; an approved run passes the sha256 the
// plan was made from, and the checkpoint refuses when the bytes read now differ (nothing written).

export type Plan = PlannedChange

/** Longer texts are not put in a plan's preview: the diff would be unreadable and slow. */
export const PREVIEW_MAX_CHARS = 100_000

/** Stops before writing: a dry run ends here, a precondition that no longer holds refuses here. */
export function checkpoint(ctx: Ctx, plan: Plan): 'write' | 'planned' {
  const intent = ctx.intent
  if (intent?.expect !== undefined && intent.expect !== plan.sha256) {
    throw new ToolError(
      'conflict',
      `Error: ${plan.path} changed since this change was planned, so nothing was written. View it again and make the change anew if it still applies.`
    )
  }
  return intent?.dryRun ? 'planned' : 'write'
}

/** What a dry run returns in place of a command's result. */
export function planned(plan: Plan): Done {
  return { content: '', paths: [plan.path], bytesBefore: null, bytesAfter: null, plan }
}

export function planOf(
  command: ApprovalCommand,
  path: string,
  sha256: string | null,
  preview: ApprovalPreview
): Plan {
  return { command, path, sha256, preview }
}

/** A text change as the card shows it (a note instead when a side is too long to diff). */
export function textChange(before: string | null, after: string | null): ApprovalPreview {
  if ((before?.length ?? 0) > PREVIEW_MAX_CHARS || (after?.length ?? 0) > PREVIEW_MAX_CHARS)
    return {
      before: null,
      after: null,
      note: 'The file is too large to show the change here. Open it in Memory to read it.'
    }
  return { before, after }
}

/** The identity of a folder's contents: its files' paths (below `rel`) and index hashes. */
export function treeSha(ctx: Ctx, rel: string): string {
  const hash = createHash('sha256')
  const entries = ctx.index
    .under(rel)
    .map(([file, entry]) => `${file.slice(rel.length)}\0${entry.hash}\n`)
  for (const line of entries.sort()) hash.update(line)
  return `tree:${hash.digest('hex')}`
}

/** The sha256 a delete or rename of `rel` is planned from: the file's, or its folder's tree. */
export function shaOf(ctx: Ctx, rel: string, info: Stats): string {
  if (info.isDirectory()) return treeSha(ctx, rel)
  return ctx.index.get(rel)?.hash ?? `unindexed:${info.ino}:${info.size}:${info.mtimeMs}`
}

/** What a delete shows: the file's text going, or a note for a folder or a file too long. */
export async function gonePreview(
  ctx: Ctx,
  dir: Dir,
  path: MemoryPath,
  info: Stats
): Promise<ApprovalPreview> {
  if (info.isDirectory())
    return {
      before: null,
      after: null,
      note: `Deletes the folder ${path.display} and everything in it (${itemsText(ctx.index.under(path.rel).length)}).`
    }
  // Only a dry run shows the text, so only it reads the file (a run decides by the sha256).
  if (!ctx.intent?.dryRun || !info.isFile()) return { before: null, after: null }
  const tooLong = {
    before: null,
    after: null,
    note: `Deletes ${path.display}, a file too large to show here.`
  }
  if (info.size > PREVIEW_MAX_CHARS * 4) return tooLong
  const read = await readIn(dir, path, () => new ToolError('not-found', 'gone'))
  return read.complete ? textChange(read.bytes.toString('utf8'), null) : tooLong
}

export const itemsText = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`

import {
  SECRET_FINDINGS_MAX,
  type SecretFinding,
  type SecretScanResult
} from '@shared/memory/secret-scan'
import { bigFiles } from '../jail/big-file'
import type { Ctx } from '../kernel/context'
import { formatSize } from '../core/format'
import { pacer, type Pace } from '../core/pace'
import { displayOf } from '../jail/paths'
import { readText } from '../jail/read-text'
import { findSecrets } from './find'

/**
 * "Scan memory for secrets": every file the index knows, read without following links and
 * scanned in slices that hand the event loop back (see find.ts). Files above the big-file limit
 * are not read whole anywhere in the engine, so they are skipped and named; a file gone since the
 * index saw it is passed over. Findings carry the kind and position, never the secret.
 */
export async function scanFolder(ctx: Ctx, pace: Pace = pacer()): Promise<SecretScanResult> {
  const rels = Array.from(ctx.index.entries(), ([rel]) => rel).sort()
  const findings: SecretFinding[] = []
  const skipped: SecretScanResult['skipped'] = []
  let scannedFiles = 0
  let truncated = false
  for (const rel of rels) {
    await pace()
    const path = displayOf(rel)
    const segments = rel.split('/')
    let read: Awaited<ReturnType<typeof readText>>
    try {
      read = await readText(ctx, segments)
    } catch {
      skipped.push({ path, size: ctx.index.get(rel)?.size ?? 0, reason: 'could not be read' })
      continue
    }
    if (read === null) continue
    if ('big' in read) {
      skipped.push({
        path,
        size: read.big,
        reason: `larger than ${formatSize(bigFiles.wholeBytes)}, the most the engine reads whole`
      })
      continue
    }
    scannedFiles++
    for (const found of await findSecrets(read.text, pace)) {
      if (findings.length >= SECRET_FINDINGS_MAX) {
        truncated = true
        break
      }
      findings.push({ path, line: found.line, column: found.column, kind: found.kind })
    }
  }
  return { findings, truncated, scannedFiles, skipped }
}

import type { Dir } from '../jail/fs-base'
import type { Ctx } from '../kernel/context'
import type { ReadAhead } from './read-ahead'

/** What a whole-folder scan (scan.ts `reconcile`) shares between the files it settles. */
export interface Sweep {
  parents: Parents
  /** Names the batched credential check found clean. */
  clean: ReadonlySet<string>
  /** The last folder whose names were all found in `clean` (see namesClean). */
  cleanFolder?: string
  ahead: ReadAhead
}

/**
 * Whether every name of `rel` is in `sweep.clean`. Files come folder by folder: a folder's names
 * are looked up once for all its files, not split out of each file's key again.
 */
export function namesClean(sweep: Sweep, rel: string): boolean {
  const cut = rel.lastIndexOf('/')
  if (!sweep.clean.has(cut < 0 ? rel : rel.slice(cut + 1))) return false
  if (cut < 0) return true
  const folder = sweep.cleanFolder
  if (folder !== undefined && folder.length === cut && rel.startsWith(folder)) return true
  const next = rel.slice(0, cut)
  if (!next.split('/').every((name) => sweep.clean.has(name))) return false
  sweep.cleanFolder = next
  return true
}

/** Keeps the folder of the last file read open: a walk hands files over folder by folder. */
export class Parents {
  private key: string | undefined
  private dir: Dir | undefined

  constructor(private readonly ctx: Ctx) {}

  async open(segments: readonly string[]): Promise<Dir> {
    const key = segments.join('/')
    if (this.dir && this.key === key) return this.dir
    await this.close()
    this.dir = await this.ctx.fs.openDir(segments)
    this.key = key
    return this.dir
  }

  async close(): Promise<void> {
    const dir = this.dir
    this.dir = undefined
    this.key = undefined
    await dir?.close()
  }
}

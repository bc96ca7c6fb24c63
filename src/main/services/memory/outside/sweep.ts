import type { Dir } from '../jail/fs-base'
import type { Ctx } from '../kernel/context'
import type { ReadAhead } from './read-ahead'

/** What a whole-folder scan (scan.ts `reconcile`) shares between the files it settles. */
export interface Sweep {
  parents: Parents
  /**
   * The names of new files and their folders that hold a credential, each with it in words
   * (`credentialedNames`, one batched check of every such name); all others are clean.
   */
  flagged: ReadonlyMap<string, string>
  ahead: ReadAhead
}

/**
 * The credential in a name of `rel` (a file new to the index, every name of it checked by the
 * sweep's batch), in words, or undefined. Nothing flagged (the usual case): no lookup at all.
 */
export function credentialOf(sweep: Sweep, rel: string): string | undefined {
  if (sweep.flagged.size === 0) return undefined
  for (const name of rel.split('/')) {
    const words = sweep.flagged.get(name)
    if (words) return words
  }
  return undefined
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

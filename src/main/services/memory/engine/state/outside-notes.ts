/** Repeated outside changes to one file within this window make one activity entry. */
export const EXTERNAL_COALESCE_MS = 2000

// What the engine has already told the user about the folder's outside life this session, so it
// is not told again: recent outside entries (to coalesce repeats), files kept out for a
// credential in a name, and the folders the last walk skipped. engine/outside-calls.ts asks; this owns.

export class OutsideNotes {
  /** External activity entries logged lately (key → time). */
  private readonly recent = new Map<string, number>()
  /** Files kept out of memory for a credential in a name, already logged. */
  private readonly secretNames = new Set<string>()
  /** What the last walk skipped, as reported. */
  private lastSkipped: string | undefined

  /**
   * Whether an outside entry (`key`) is logged at `now`: not when the same was logged within the
   * window, unless `always` (an entry holding a version: history keeps every one).
   */
  shouldLog(key: string, now: number, always: boolean): boolean {
    for (const [seen, at] of this.recent)
      if (now - at >= EXTERNAL_COALESCE_MS) this.recent.delete(seen)
    if (this.recent.has(key) && !always) return false
    this.recent.set(key, now)
    return true
  }

  /** The files of `named` not logged yet (see noteSecretNames). */
  unnotedSecretNames(named: ReadonlyMap<string, string>): Map<string, string> {
    return new Map([...named].filter(([rel]) => !this.secretNames.has(rel)))
  }

  noteSecretNames(rels: Iterable<string>): void {
    for (const rel of rels) this.secretNames.add(rel)
  }

  /**
   * Whether the skipped folders' report (`message`; none: nothing skipped) is news. A partial walk
   * never clears a report: only a `whole` one can tell nothing is skipped any more.
   */
  skippedChanged(message: string | undefined, whole: boolean): boolean {
    if (message === this.lastSkipped || (!message && !whole)) return false
    this.lastSkipped = message
    return true
  }
}

import { z } from 'zod'
import type { TidySuggestSettings } from '../app/settings'
import type { MemoryUsage } from '../memory/memory'

/*
 * Suggest, don't nag (issue 39): when the user turned it on, a space past a share of its file or
 * size cap, or with many files changed since its last tidy, gets one quiet line offering a tidy.
 * Off (the default) means never, whatever the folder's size. A dismissed line stays away for that
 * space until the space drops back under every threshold and crosses one again.
 */

export const TidySuggestionSchema = z.object({
  /** The share of a cap that was passed (whole percent), or null when changes were the cause. */
  percentOfCap: z.number().int().nullable(),
  /** Files changed since the last tidy (counted up to the setting's threshold). */
  changedFiles: z.number().int(),
  /** The line the Memory view shows. */
  text: z.string()
})
export type TidySuggestion = z.infer<typeof TidySuggestionSchema>

export function tidySuggestion(
  settings: TidySuggestSettings,
  usage: Pick<MemoryUsage, 'fraction'>,
  changedSinceTidy: number
): TidySuggestion | null {
  if (!settings.enabled) return null
  const share = Math.max(usage.fraction.files, usage.fraction.totalBytes)
  const percent = Math.floor(share * 100)
  if (percent >= settings.percentOfCap) {
    const which = usage.fraction.files >= usage.fraction.totalBytes ? 'file limit' : 'size limit'
    return {
      percentOfCap: percent,
      changedFiles: changedSinceTidy,
      text: `This memory is at ${percent}% of its ${which}. Tidy…`
    }
  }
  if (changedSinceTidy >= settings.changedFiles)
    return {
      percentOfCap: null,
      changedFiles: changedSinceTidy,
      text: `${changedSinceTidy.toLocaleString('en-US')} files in this memory changed since its last tidy. Tidy…`
    }
  return null
}

/** What to show per space: a dismissed suggestion stays dismissed until the next crossing. */
export class TidySuggestions {
  private readonly dismissed = new Set<string>()

  /** The line to show for `space` now, given what `tidySuggestion` found (null: none). */
  shown(space: string, found: TidySuggestion | null): TidySuggestion | null {
    if (!found) {
      // Back under every threshold: the next crossing is news again.
      this.dismissed.delete(space)
      return null
    }
    return this.dismissed.has(space) ? null : found
  }

  dismiss(space: string): void {
    this.dismissed.add(space)
  }
}

import type { TidySuggestSettings } from '@shared/app/settings'
import type { SpaceId } from '@shared/memory/spaces'
import { tidySuggestion, TidySuggestions, type TidySuggestion } from '@shared/tidy/suggest'
import type { MemoryService } from '../memory'
import { TIDY_ENTRY_PREFIX } from './apply'

// Main's side of "suggest, don't nag": the space's usage and the files changed since its last
// tidy (read from its activity log, newest first, until the tidy's own entry), judged by
// shared/tidy/suggest.ts, with the user's dismissals kept per space for this run of the app.

const PAGE = 500

/** Distinct files changed since the last tidy entry; counting stops at `enough`. */
export async function changedSinceTidy(memory: MemoryService, enough: number): Promise<number> {
  const paths = new Set<string>()
  for (let offset = 0; ; offset += PAGE) {
    const page = await memory.activity({ offset, limit: PAGE })
    for (const entry of page.entries) {
      if (entry.message.startsWith(TIDY_ENTRY_PREFIX)) return paths.size
      if (entry.outcome !== 'ok') continue
      for (const path of entry.paths) paths.add(path)
      if (paths.size >= enough) return paths.size
    }
    if (page.entries.length < PAGE || offset + PAGE >= page.total) return paths.size
  }
}

export function createTidySuggester(deps: {
  memoryIn(space: SpaceId): MemoryService
  settings(): TidySuggestSettings
}) {
  const dismissed = new TidySuggestions()
  return {
    async suggestion({ space }: { space: SpaceId }): Promise<TidySuggestion | null> {
      const settings = deps.settings()
      // Off: nothing is read, nothing is suggested.
      if (!settings.enabled) return null
      const memory = deps.memoryIn(space)
      const usage = await memory.usage()
      const changed = await changedSinceTidy(memory, settings.changedFiles)
      return dismissed.shown(space, tidySuggestion(settings, usage, changed))
    },
    async dismiss({ space }: { space: SpaceId }): Promise<{ dismissed: true }> {
      dismissed.dismiss(space)
      return { dismissed: true }
    }
  }
}

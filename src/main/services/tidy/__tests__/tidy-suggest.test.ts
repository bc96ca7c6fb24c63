import { describe, expect, it } from 'vitest'
import { defaultSettings, type TidySuggestSettings } from '@shared/app/settings'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { runner, useMemory } from '../../memory/__tests__/helpers'
import type { MemoryStore } from '../../memory'
import { TIDY_ENTRY_PREFIX } from '../apply'
import { changedSinceTidy, createTidySuggester } from '../suggest'

// Suggest, don't nag (issue 39), main's side: the files changed since the last tidy come from
// the space's activity log, and nothing is suggested while the setting is off.

const space = DEFAULT_SPACE_ID
const memory = useMemory()

async function withNotes(n: number, limits = {}): Promise<MemoryStore> {
  const store = await memory.open({ limits })
  const claude = runner(() => store)
  for (let i = 0; i < n; i++)
    await claude.ok({ command: 'create', path: `/memories/note-${i}.md`, file_text: `note ${i}\n` })
  return store
}

function suggester(store: MemoryStore, settings: Partial<TidySuggestSettings>) {
  return createTidySuggester({
    memoryIn: () => store,
    settings: () => ({ ...defaultSettings().tidySuggest, ...settings })
  })
}

describe('suggesting a tidy from a space', () => {
  it('suggests nothing while the setting is off, even past the cap', async () => {
    const store = await withNotes(4, { maxFiles: 4 })
    expect((await store.usage()).fraction.files).toBe(1)
    expect(await suggester(store, {}).suggestion({ space })).toBeNull()
  })

  it('on, suggests past the share of the cap, and a dismissal holds for that space', async () => {
    const store = await withNotes(4, { maxFiles: 4 })
    const suggest = suggester(store, { enabled: true })
    expect(await suggest.suggestion({ space })).toMatchObject({
      percentOfCap: 100,
      text: 'This memory is at 100% of its file limit. Tidy…'
    })
    await suggest.dismiss({ space })
    expect(await suggest.suggestion({ space })).toBeNull()
  })

  it('counts the files changed since the last tidy entry', async () => {
    const store = await withNotes(3)
    expect(await changedSinceTidy(store, 100)).toBe(3)
    expect(await changedSinceTidy(store, 2)).toBe(2)
    const suggest = suggester(store, { enabled: true, changedFiles: 3 })
    expect((await suggest.suggestion({ space }))?.changedFiles).toBe(3)
    const outcome = await store.applyChangeSet(
      [{ input: { command: 'create', path: '/memories/tidy.md', file_text: 'x\n' }, expect: null }],
      `${TIDY_ENTRY_PREFIX} 1 change to 1 file`
    )
    expect(outcome.applied).toEqual([0])
    expect(await changedSinceTidy(store, 100)).toBe(0)
    expect(await suggest.suggestion({ space })).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { defaultSettings } from '@shared/app/settings'
import { checkDraft, draftFromSettings, editsAfterSave, patchFromDraft } from './settings-draft'

describe('settings draft', () => {
  it('an untouched draft is no change at all', () => {
    const settings = defaultSettings()
    expect(patchFromDraft(settings, draftFromSettings(settings))).toEqual({})
  })

  it('Settings → Memory’s tidy suggestion toggle: off by default, on sends only enabled', () => {
    const settings = defaultSettings()
    expect(draftFromSettings(settings).tidySuggest).toBe(false)
    expect(patchFromDraft(settings, { ...draftFromSettings(settings), tidySuggest: true })).toEqual(
      {
        tidySuggest: { enabled: true }
      }
    )
  })

  it('sends numbers as numbers, reads "1,024" as a number, and ignores blank pinned lines', () => {
    const settings = defaultSettings()
    const draft = {
      ...draftFromSettings(settings),
      maxTotalBytes: '1,048,576',
      pinned: '\n  a.md \n\n',
      model: ` ${settings.model} `
    }
    expect(patchFromDraft(settings, draft)).toEqual({
      memory: { maxTotalBytes: 1_048_576 },
      expiry: { pinned: ['a.md'] }
    })
  })

  it('reads sizes with units, and saves a size shown unchanged as the same bytes', () => {
    const settings = defaultSettings()
    const draft = draftFromSettings(settings)
    expect(draft.maxFileBytes).toBe('256 KB')
    expect(draft.maxTotalBytes).toBe('16 MB')
    expect(
      patchFromDraft(settings, { ...draft, maxFileBytes: '64 KB', maxTotalBytes: '1.5 MB' })
    ).toEqual({ memory: { maxFileBytes: 65_536, maxTotalBytes: 1_572_864 } })
    expect(patchFromDraft(settings, { ...draft, maxFileBytes: '256 kb' })).toEqual({})
  })

  it('a size that is no size, or out of range, says so in units', () => {
    const settings = defaultSettings()
    const check = checkDraft(settings, {
      ...draftFromSettings(settings),
      maxFileBytes: '64 XB',
      maxTotalBytes: '2 GB'
    })
    expect(check.valid).toBe(false)
    expect(check.errors).toEqual({
      maxFileBytes: '"XB" is not a unit Cairn knows: use bytes, KB, MB or GB.',
      maxTotalBytes: 'Must be between 10 KB and 1 GB.'
    })
  })

  it('maps each issue to its field with the range, and numbers pinned lines', () => {
    const settings = defaultSettings()
    const check = checkDraft(settings, {
      ...draftFromSettings(settings),
      expiryDays: '0',
      triggerTokens: '12.5',
      pinned: `ok.md\n${'x'.repeat(201)}`
    })
    expect(check.valid).toBe(false)
    expect(check.errors).toEqual({
      expiryDays: 'Must be a whole number between 1 and 3,650.',
      triggerTokens: 'Must be a whole number between 1,000 and 1,000,000.',
      pinned: 'Pattern 2: A pinned pattern can be at most 200 characters.'
    })
    expect(check.otherErrors).toEqual([])
  })

  it('after a save keeps only the edits typed meanwhile', () => {
    expect(editsAfterSave({ maxFiles: '5', model: 'b' }, { maxFiles: '5', model: 'a' })).toEqual({
      model: 'b'
    })
  })
})

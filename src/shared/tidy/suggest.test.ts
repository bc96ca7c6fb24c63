import { describe, expect, it } from 'vitest'
import { applySettingsPatch, defaultSettings } from '../app/settings'
import { tidySuggestion, TidySuggestions } from './suggest'

const usage = (files: number, totalBytes: number) => ({ fraction: { files, totalBytes } })
const on = { ...defaultSettings().tidySuggest, enabled: true }

describe('suggesting a tidy', () => {
  it('is off by default: no suggestion even past the cap or after many changes', () => {
    const settings = defaultSettings().tidySuggest
    expect(settings).toEqual({ enabled: false, percentOfCap: 80, changedFiles: 100 })
    expect(tidySuggestion(settings, usage(0.99, 1.2), 5_000)).toBeNull()
  })

  it('on, suggests past the share of a cap, naming the limit', () => {
    expect(tidySuggestion(on, usage(0.5, 0.79), 0)).toBeNull()
    expect(tidySuggestion(on, usage(0.5, 0.841), 0)?.text).toBe(
      'This memory is at 84% of its size limit. Tidy…'
    )
    expect(tidySuggestion(on, usage(0.9, 0.1), 0)?.text).toBe(
      'This memory is at 90% of its file limit. Tidy…'
    )
  })

  it('on, suggests after many files changed since the last tidy', () => {
    expect(tidySuggestion(on, usage(0.1, 0.1), 99)).toBeNull()
    expect(tidySuggestion(on, usage(0.1, 0.1), 120)).toMatchObject({
      percentOfCap: null,
      text: '120 files in this memory changed since its last tidy. Tidy…'
    })
  })

  it('keeps a dismissed suggestion dismissed for that space until the next crossing', () => {
    const suggestions = new TidySuggestions()
    const past = tidySuggestion(on, usage(0.85, 0.1), 0)
    expect(suggestions.shown('a', past)).toBe(past)
    suggestions.dismiss('a')
    expect(suggestions.shown('a', tidySuggestion(on, usage(0.9, 0.1), 0))).toBeNull()
    // Another space is not dismissed with it.
    expect(suggestions.shown('b', past)).toBe(past)
    // Under the threshold, then past it again: shown again.
    expect(suggestions.shown('a', tidySuggestion(on, usage(0.5, 0.1), 0))).toBeNull()
    expect(suggestions.shown('a', past)).toBe(past)
  })

  it('is a setting that patches field by field and keeps its range', () => {
    const next = applySettingsPatch(defaultSettings(), { tidySuggest: { enabled: true } })
    expect(next.ok && next.settings.tidySuggest).toEqual({
      enabled: true,
      percentOfCap: 80,
      changedFiles: 100
    })
    const bad = applySettingsPatch(defaultSettings(), { tidySuggest: { percentOfCap: 5 } })
    expect(bad.ok).toBe(false)
  })
})

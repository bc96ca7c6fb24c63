import { describe, expect, it } from 'vitest'
import { applySettingsPatch, defaultSettings, SettingsSchema } from '../app/settings'
import { UpdateStatusSchema } from '../app/updates'

describe('update settings', () => {
  it('default to automatic on the stable channel, also for files saved before they existed', () => {
    expect(defaultSettings().updates).toEqual({ mode: 'auto', channel: 'stable' })
    const { updates: _dropped, ...older } = defaultSettings()
    expect(SettingsSchema.parse(older).updates).toEqual({ mode: 'auto', channel: 'stable' })
  })

  it('a patch changes one field and keeps the other', () => {
    const result = applySettingsPatch(defaultSettings(), { updates: { channel: 'beta' } })
    expect(result.ok && result.settings.updates).toEqual({ mode: 'auto', channel: 'beta' })
  })

  it('refuses a value or a name it does not know, naming it', () => {
    const bad = applySettingsPatch(defaultSettings(), {
      updates: { mode: 'sometimes' as 'auto' }
    })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.issues.map((issue) => issue.path)).toEqual(['updates.mode'])
    const unknown = applySettingsPatch(defaultSettings(), {
      updates: { verifySignatures: false } as never
    })
    expect(!unknown.ok && unknown.issues[0]?.message).toBe(
      'updates.verifySignatures is not a setting'
    )
  })
})

describe('the update status contract', () => {
  it('refuses a percent out of range and a phase it does not know', () => {
    const base = { currentVersion: '1.0.0', mode: 'auto', channel: 'stable', checkedAt: null }
    const downloading = {
      kind: 'downloading',
      version: '1.1.0',
      notes: null,
      transferred: 0,
      total: 0
    }
    expect(
      UpdateStatusSchema.safeParse({ ...base, phase: { ...downloading, percent: 50 } }).success
    ).toBe(true)
    expect(
      UpdateStatusSchema.safeParse({ ...base, phase: { ...downloading, percent: 101 } }).success
    ).toBe(false)
    expect(UpdateStatusSchema.safeParse({ ...base, phase: { kind: 'installing' } }).success).toBe(
      false
    )
  })
})

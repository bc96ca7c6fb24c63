import { describe, expect, test } from 'vitest'
import {
  applySettingsPatch,
  DEFAULT_MEMORY_GUIDANCE,
  defaultSettings,
  SETTINGS_RANGES,
  SETTINGS_VERSION,
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
  type SettingsPatch
} from '../app/settings'

/** Every whole-number setting: where it lives, and which range in SETTINGS_RANGES governs it. */
const NUMERIC_FIELDS = [
  { path: 'maxTokens', range: 'maxTokens' },
  { path: 'memory.maxFileBytes', range: 'maxFileBytes' },
  { path: 'memory.maxTotalBytes', range: 'maxTotalBytes' },
  { path: 'memory.maxFiles', range: 'maxFiles' },
  { path: 'memory.maxReadChars', range: 'maxReadChars' },
  { path: 'expiry.days', range: 'expiryDays' },
  { path: 'contextEditing.triggerTokens', range: 'triggerTokens' },
  { path: 'contextEditing.keepToolUses', range: 'keepToolUses' }
] as const

function patchAt(path: string, value: unknown): SettingsPatch {
  const [first, second] = path.split('.') as [string, string | undefined]
  return (second ? { [first]: { [second]: value } } : { [first]: value }) as SettingsPatch
}

function valueAt(settings: Settings, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], settings)
}

function rangeText(min: number, max: number): string {
  return `between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`
}

function expectIssue(patch: SettingsPatch, path: string, message: string | RegExp) {
  const result = applySettingsPatch(defaultSettings(), patch)
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result.issues).toContainEqual({
    path,
    message: typeof message === 'string' ? message : expect.stringMatching(message)
  })
}

describe('defaults', () => {
  test('parse as valid settings of the current version', () => {
    const defaults = defaultSettings()
    expect(SettingsSchema.parse(defaults)).toEqual(defaults)
    expect(defaults.version).toBe(SETTINGS_VERSION)
    expect(defaults.memoryGuidance).toBe(DEFAULT_MEMORY_GUIDANCE)
    expect(defaults.theme).toBe('system')
    expect(defaults.expiry.pinned).toEqual([])
  })

  test('every default numeric value lies inside its published range', () => {
    const defaults = defaultSettings()
    for (const { path, range } of NUMERIC_FIELDS) {
      const value = valueAt(defaults, path) as number
      expect(value, path).toBeGreaterThanOrEqual(SETTINGS_RANGES[range].min)
      expect(value, path).toBeLessThanOrEqual(SETTINGS_RANGES[range].max)
    }
  })

  test('each call returns a fresh object', () => {
    const first = defaultSettings()
    first.memory.maxFiles = 1
    first.expiry.pinned.push('x')
    expect(defaultSettings().memory.maxFiles).not.toBe(1)
    expect(defaultSettings().expiry.pinned).toEqual([])
  })
})

describe('applySettingsPatch', () => {
  test('a patch to memory.maxFiles keeps every other memory field', () => {
    const current = applySettingsPatch(defaultSettings(), {
      memory: { maxFileBytes: 2_048, maxTotalBytes: 50_000, maxReadChars: 5_000 }
    })
    if (!current.ok) throw new Error('setup failed')
    const result = applySettingsPatch(current.settings, { memory: { maxFiles: 7 } })
    expect(result).toEqual({
      ok: true,
      settings: {
        ...current.settings,
        memory: { maxFileBytes: 2_048, maxTotalBytes: 50_000, maxFiles: 7, maxReadChars: 5_000 }
      }
    })
  })

  test('sections merge field by field and top-level fields are left alone', () => {
    const current = defaultSettings()
    const result = applySettingsPatch(current, {
      expiry: { days: 30 },
      contextEditing: { enabled: false },
      theme: 'dark'
    })
    if (!result.ok) throw new Error(JSON.stringify(result.issues))
    expect(result.settings.expiry).toEqual({ ...current.expiry, days: 30 })
    expect(result.settings.contextEditing).toEqual({ ...current.contextEditing, enabled: false })
    expect(result.settings.memory).toEqual(current.memory)
    expect(result.settings.model).toBe(current.model)
    expect(result.settings.theme).toBe('dark')
  })

  test('does not change the settings it was given', () => {
    const current = defaultSettings()
    const before = structuredClone(current)
    applySettingsPatch(current, { maxTokens: 10, memory: { maxFiles: 3 } })
    expect(current).toEqual(before)
  })

  test('an empty patch gives the same settings back', () => {
    const current = defaultSettings()
    expect(applySettingsPatch(current, {})).toEqual({ ok: true, settings: current })
  })

  test('a field given as undefined keeps its value instead of resetting to the default', () => {
    const custom = applySettingsPatch(defaultSettings(), {
      model: 'claude-custom',
      memory: { maxFiles: 9 }
    })
    if (!custom.ok) throw new Error('setup failed')
    const result = applySettingsPatch(custom.settings, {
      model: undefined,
      memory: { maxFiles: undefined }
    })
    expect(result).toEqual({ ok: true, settings: custom.settings })
  })

  test('a patch cannot change the version', () => {
    expectIssue({ version: 2 } as unknown as SettingsPatch, 'version', 'version is not a setting')
  })

  describe.each(NUMERIC_FIELDS)('$path', ({ path, range }) => {
    const { min, max } = SETTINGS_RANGES[range]
    const name = path.split('.').at(-1) ?? path
    const message = `${name} must be a whole number ${rangeText(min, max)}`

    test('accepts both ends of its range', () => {
      for (const value of [min, max]) {
        const result = applySettingsPatch(defaultSettings(), patchAt(path, value))
        if (!result.ok) throw new Error(JSON.stringify(result.issues))
        expect(valueAt(result.settings, path)).toBe(value)
      }
    })

    test.each([
      ['one below the minimum', min - 1],
      ['one above the maximum', max + 1],
      ['not a whole number', min + 0.5],
      ['text', String(min)],
      ['null', null],
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY]
    ])('refuses %s, naming the field and its range', (_label, value) => {
      expectIssue(patchAt(path, value), path, message)
    })
  })

  test('memoryGuidance may be empty or 4,000 characters, not more', () => {
    for (const memoryGuidance of ['', 'g'.repeat(SETTINGS_RANGES.guidanceChars.max)]) {
      expect(applySettingsPatch(defaultSettings(), { memoryGuidance }).ok).toBe(true)
    }
    expectIssue(
      { memoryGuidance: 'g'.repeat(SETTINGS_RANGES.guidanceChars.max + 1) },
      'memoryGuidance',
      'memoryGuidance can be at most 4,000 characters'
    )
  })

  test('model is trimmed, and neither empty nor longer than 100 characters', () => {
    const result = applySettingsPatch(defaultSettings(), { model: '  claude-x  ' })
    expect(result.ok && result.settings.model).toBe('claude-x')
    expectIssue({ model: '   ' }, 'model', 'model cannot be empty')
    expectIssue({ model: 'm'.repeat(101) }, 'model', 'model can be at most 100 characters')
  })

  test.each([
    ['a NUL', 'claude\u0000-x'],
    ['a lone high surrogate', 'claude-\ud800'],
    ['a lone low surrogate', '\udc00claude'],
    ['a control character', 'claude\n-x'],
    ['a space inside', 'claude sonnet'],
    ['a slash', 'claude/../x'],
    ['non-ASCII letters', 'сlaude-x'],
    ['an emoji', 'claude-🙂']
  ])('model refuses %s', (_what, model) => {
    expectIssue({ model }, 'model', /model can only contain/)
  })

  test('model accepts the ID shapes the API uses', () => {
    for (const model of [
      'claude-sonnet-4-6',
      'claude-haiku-4-5-20251001',
      'claude-3-5-sonnet-latest',
      'claude-opus-4@20250514',
      'anthropic.claude-v2:1'
    ]) {
      const result = applySettingsPatch(defaultSettings(), { model })
      expect(result.ok && result.settings.model, model).toBe(model)
    }
  })

  test.each([
    ['theme', { theme: 'purple' }],
    ['expiry.mode', { expiry: { mode: 'sometimes' } }],
    ['expiry.action', { expiry: { action: 'shred' } }]
  ])('refuses an unknown choice for %s and lists the valid ones', (path, patch) => {
    expectIssue(patch as unknown as SettingsPatch, path, /expected one of/)
  })

  test('refuses a wrong type for a boolean', () => {
    expectIssue(
      { contextEditing: { enabled: 'yes' } } as unknown as SettingsPatch,
      'contextEditing.enabled',
      /expected boolean/
    )
  })

  test('pinned patterns are trimmed', () => {
    const result = applySettingsPatch(defaultSettings(), {
      expiry: { pinned: ['  notes/*.md ', 'todo.md'] }
    })
    expect(result.ok && result.settings.expiry.pinned).toEqual(['notes/*.md', 'todo.md'])
  })

  test.each([
    ['empty', ''],
    ['only spaces', '   ']
  ])('refuses a pinned pattern that is %s', (_label, pattern) => {
    expectIssue(
      { expiry: { pinned: ['ok/*', pattern] } },
      'expiry.pinned.1',
      'pinned patterns cannot be empty'
    )
  })

  test('refuses a pinned pattern over 200 characters, and more than 100 patterns', () => {
    expectIssue(
      { expiry: { pinned: ['p'.repeat(201)] } },
      'expiry.pinned.0',
      'a pinned pattern can be at most 200 characters'
    )
    const hundred = Array.from({ length: SETTINGS_RANGES.pinnedGlobs.max }, (_, i) => `p${i}`)
    expect(applySettingsPatch(defaultSettings(), { expiry: { pinned: hundred } }).ok).toBe(true)
    expectIssue(
      { expiry: { pinned: [...hundred, 'one-more'] } },
      'expiry.pinned',
      'at most 100 pinned patterns'
    )
  })

  test('trusted link sites: host names only, older files load with none', () => {
    const result = applySettingsPatch(defaultSettings(), { trustedLinkHosts: ['docs.example.com'] })
    expect(result.ok && result.settings.trustedLinkHosts).toEqual(['docs.example.com'])
    expectIssue(
      { trustedLinkHosts: ['https://example.com/'] },
      'trustedLinkHosts.0',
      'a trusted site must be a host name such as example.com'
    )
    const { trustedLinkHosts: _dropped, ...older } = defaultSettings()
    expect(SettingsSchema.parse({ ...older, version: 1 }).trustedLinkHosts).toEqual([])
  })

  test('refuses a pinned pattern with more than 16 stars', () => {
    const sixteen = '*a'.repeat(16)
    expect(applySettingsPatch(defaultSettings(), { expiry: { pinned: [sixteen] } }).ok).toBe(true)
    expectIssue(
      { expiry: { pinned: ['ok.md', `${sixteen}*`] } },
      'expiry.pinned.1',
      'a pinned pattern can have at most 16 * wildcards (** counts as two)'
    )
  })

  test('refuses unknown names at the top level and inside a section, naming them', () => {
    const result = applySettingsPatch(defaultSettings(), {
      colour: 'red',
      memory: { maxFiles: 5, maxFolders: 3 }
    } as unknown as SettingsPatch)
    expect(result).toEqual({
      ok: false,
      issues: expect.arrayContaining([
        { path: 'colour', message: 'colour is not a setting' },
        { path: 'memory.maxFolders', message: 'memory.maxFolders is not a setting' }
      ])
    })
  })

  test.each([
    ['a number', 5],
    ['null', null],
    ['a list', [1]]
  ])('refuses a section given as %s instead of being a silent no-op', (_label, value) => {
    expectIssue({ memory: value } as unknown as SettingsPatch, 'memory', /expected object/)
  })
})

describe('SettingsPatchSchema', () => {
  test('accepts an empty patch and a patch of known names', () => {
    expect(SettingsPatchSchema.safeParse({}).success).toBe(true)
    const patch = { theme: 'dark', memory: { maxFiles: 5 }, expiry: { pinned: ['a'] } }
    expect(SettingsPatchSchema.parse(patch)).toEqual(patch)
  })

  test.each([
    ['an unknown top-level name', { colour: 'red' }, ['colour']],
    ['the version', { version: 1 }, ['version']],
    ['an unknown memory name', { memory: { maxFolders: 1 } }, ['memory', 'maxFolders']],
    ['an unknown expiry name', { expiry: { when: 'never' } }, ['expiry', 'when']],
    [
      'an unknown contextEditing name',
      { contextEditing: { aggressive: true } },
      ['contextEditing', 'aggressive']
    ]
  ])('refuses %s', (_label, patch, path) => {
    const result = SettingsPatchSchema.safeParse(patch)
    expect(result.success).toBe(false)
    const issue = result.error?.issues[0]
    expect(issue?.code).toBe('unrecognized_keys')
    expect([
      ...(issue?.path ?? []),
      ...(issue?.code === 'unrecognized_keys' ? issue.keys : [])
    ]).toEqual(path)
  })
})

describe('web search and fetch sites', () => {
  test('takes host names with an optional path; refuses addresses and junk, naming the line', () => {
    const ok = applySettingsPatch(defaultSettings(), {
      webAllowedDomains: ['wikipedia.org', 'docs.python.org/3', '*.example.com']
    })
    expect(ok.ok && ok.settings.webAllowedDomains).toEqual([
      'wikipedia.org',
      'docs.python.org/3',
      '*.example.com'
    ])
    const bad = applySettingsPatch(defaultSettings(), {
      webBlockedDomains: ['fine.org', 'https://evil.example']
    })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.issues[0]?.path).toBe('webBlockedDomains.1')
    // Files from before the setting load with both lists empty.
    expect(defaultSettings()).toMatchObject({ webAllowedDomains: [], webBlockedDomains: [] })
  })
})

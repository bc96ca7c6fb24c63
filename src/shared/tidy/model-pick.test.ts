import { describe, expect, it } from 'vitest'
import type { ModelOption } from '../chat/models'
import { capsFromApi } from '../models/model-caps'
import { pickTidyModel, tidyModels } from './model-pick'

const caps = (contextManagement: boolean) =>
  capsFromApi({
    context_management: {
      supported: contextManagement,
      clear_tool_uses_20250919: { supported: true }
    }
  })

const model = (id: string, extra: Partial<ModelOption> = {}): ModelOption => ({
  id,
  displayName: id,
  caps: caps(true),
  ...extra
})

describe('which model tidies', () => {
  it('takes capabilities from the API and prices from the one table, cheapest first', () => {
    const models = tidyModels(
      [
        model('claude-opus-4-6'),
        model('claude-haiku-4-5-20251001', { maxInputTokens: 1000 }),
        model('claude-sonnet-4-6'),
        model('claude-new-1'), // no price known: after the priced ones
        model('claude-haiku-5-5', { caps: caps(false) }),
        model('claude-sonnet-4-5', { lifecycle: 'deprecated' }),
        model('claude-mystery', { caps: null })
      ],
      5000
    )
    expect(models.map((m) => [m.id, m.fits])).toEqual([
      ['claude-haiku-4-5-20251001', false],
      ['claude-sonnet-4-6', true],
      ['claude-opus-4-6', true],
      ['claude-new-1', true]
    ])
    // The cheapest whose window holds the folder, unless the user chose one.
    expect(pickTidyModel(models)?.id).toBe('claude-sonnet-4-6')
    expect(pickTidyModel(models, 'claude-haiku-4-5-20251001')?.id).toBe('claude-haiku-4-5-20251001')
    expect(pickTidyModel(models, 'claude-haiku-5-5')).toBeNull()
  })
})

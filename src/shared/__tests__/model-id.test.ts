import { describe, expect, test } from 'vitest'
import { channels } from '@shared/contract'

// Every channel input that carries a model ID checks it the same way as the settings do.
const bad = ['claude\u0000', 'claude-\ud800', '\udfff', 'claude\u202e-x', 'claude x', '']
const conversationId = '0196a1d2-0000-7000-8000-000000000000'

describe('model IDs in chat inputs', () => {
  test.each(bad)('chat:set-model refuses %j', (model) => {
    expect(channels['chat:set-model'].input.safeParse({ conversationId, model }).success).toBe(
      false
    )
  })

  test.each(bad)('chat:create-conversation refuses %j', (model) => {
    expect(channels['chat:create-conversation'].input.safeParse({ model }).success).toBe(false)
  })

  test('a normal model ID passes both', () => {
    expect(
      channels['chat:set-model'].input.safeParse({ conversationId, model: 'claude-opus-4-6' })
        .success
    ).toBe(true)
    expect(
      channels['chat:create-conversation'].input.safeParse({ model: 'claude-opus-4-6' }).success
    ).toBe(true)
  })
})

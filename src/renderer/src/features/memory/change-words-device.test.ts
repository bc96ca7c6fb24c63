import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { installFakeMain } from '../../test/fake-main'
import { entrySentence } from './change-words'

describe('activity words for sync', () => {
  it('names a change pulled from another device as such, not as an outside edit', () => {
    const main = installFakeMain({ memory: { '/memories/plan.md': 'one\n' } })
    const entry: ActivityEntry = main.change({
      actor: { kind: 'external', device: 'another device' },
      command: 'str_replace',
      path: '/memories/plan.md',
      text: 'two\n'
    })
    expect(entrySentence(entry)).toBe('Another device (sync) edited plan.md')
  })
})

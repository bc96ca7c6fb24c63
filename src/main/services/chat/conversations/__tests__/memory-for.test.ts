import { describe, expect, test } from 'vitest'
import type { SpaceId } from '@shared/memory/spaces'
import type { MemoryToolRunner } from '../../types'
import { MEMORY_OFF_RUNNER, memoryFor } from '../conversation-options'

// A chat's memory is its own space's: memoryFor asks for the runner of the conversation's space
// (the default one when it names none), and a chat without memory gets none at all.

describe('memoryFor', () => {
  const asked: SpaceId[] = []
  const runners = new Map<SpaceId, MemoryToolRunner>()
  const runnerIn = (space: SpaceId): MemoryToolRunner => {
    asked.push(space)
    const runner = runners.get(space) ?? {
      execute: async () => ({ content: space, isError: false })
    }
    runners.set(space, runner)
    return runner
  }

  test("asks for the conversation's own space, else the default one", async () => {
    expect(await memoryFor({ space: 'site' }, runnerIn).execute({}, { kind: 'user' })).toEqual({
      content: 'site',
      isError: false
    })
    expect(await memoryFor({}, runnerIn).execute({}, { kind: 'user' })).toEqual({
      content: 'default',
      isError: false
    })
    expect(asked).toEqual(['site', 'default'])
  })

  test('a chat without memory reaches no space', () => {
    asked.length = 0
    expect(memoryFor({ memory: 'off', space: 'site' }, runnerIn)).toBe(MEMORY_OFF_RUNNER)
    expect(asked).toEqual([])
  })
})

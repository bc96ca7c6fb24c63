import { describe, expect, it } from 'vitest'
import { createMemoryOff } from '../off'
import type { MemoryService } from '../service'

describe('memory off', () => {
  const off: MemoryService = createMemoryOff('The folder could not be opened.')

  it('says it is off and why', () => {
    expect(off.enabled).toBe(false)
    expect(off.offReason).toBe('The folder could not be opened.')
  })

  it('refuses the inspector with MEMORY_OFF and answers Claude an error result', async () => {
    await expect(off.list()).rejects.toMatchObject({ code: 'MEMORY_OFF' })
    await expect(off.write({ path: '/memories/a.md', content: 'x' })).rejects.toMatchObject({
      code: 'MEMORY_OFF'
    })
    const result = await off.execute(
      { command: 'view', path: '/memories' },
      {
        kind: 'claude',
        conversationId: 'c1'
      }
    )
    expect(result.isError).toBe(true)
    expect(off.onChange(() => undefined)).toBeTypeOf('function')
    await expect(off.dispose()).resolves.toBeUndefined()
  })
})

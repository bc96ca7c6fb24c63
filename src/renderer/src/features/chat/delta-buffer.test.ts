import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDeltaBuffer } from './delta-buffer'

describe('delta buffer', () => {
  let frames: FrameRequestCallback[] = []
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback)
    )
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined
    })
  })
  afterEach(() => vi.unstubAllGlobals())
  const runFrame = () => frames.splice(0).forEach((f) => f(0))

  it('applies every delta once per frame, in order, with nothing lost', () => {
    const applied: [string, string][][] = []
    const buffer = createDeltaBuffer((batch) => applied.push(batch))
    buffer.add('m1', 'Hel')
    buffer.add('m1', 'lo ')
    buffer.add('m2', 'other')
    buffer.add('m1', 'world')
    expect(applied).toEqual([])
    expect(frames).toHaveLength(1) // one frame asked for, however many deltas
    runFrame()
    expect(applied).toEqual([
      [
        ['m1', 'Hello world'],
        ['m2', 'other']
      ]
    ])
    buffer.add('m1', '!')
    runFrame()
    expect(applied.at(-1)).toEqual([['m1', '!']])
  })

  it('flush applies at once (before a tool or a saved message), and the frame then does nothing', () => {
    const applied: [string, string][][] = []
    const buffer = createDeltaBuffer((batch) => applied.push(batch))
    buffer.add('m1', 'partial')
    buffer.flush()
    expect(applied).toEqual([[['m1', 'partial']]])
    runFrame()
    buffer.flush()
    expect(applied).toHaveLength(1)
  })

  it('cancel drops pending text', () => {
    const applied: unknown[] = []
    const buffer = createDeltaBuffer((batch) => applied.push(batch))
    buffer.add('m1', 'x')
    buffer.cancel()
    runFrame()
    expect(applied).toEqual([])
  })
})

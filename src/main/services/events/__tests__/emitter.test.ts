import { describe, expect, it } from 'vitest'
import { Emitter } from '../emitter'

describe('Emitter', () => {
  it('tells every listener, in the order they came, until they unsubscribe', () => {
    const heard: string[] = []
    const emitter = new Emitter<number>()
    const offA = emitter.on((n) => heard.push(`a${n}`))
    emitter.on((n) => heard.push(`b${n}`))
    emitter.emit(1)
    offA()
    emitter.emit(2)
    expect(heard).toEqual(['a1', 'b1', 'b2'])
    expect(emitter.size).toBe(1)
    emitter.clear()
    emitter.emit(3)
    expect(heard).toEqual(['a1', 'b1', 'b2'])
  })

  it('reports a throwing listener to onError and still tells the others', () => {
    const errors: unknown[] = []
    const heard: number[] = []
    const emitter = new Emitter<number>((error, value) => errors.push([error, value]))
    const boom = new Error('boom')
    emitter.on(() => {
      throw boom
    })
    emitter.on((n) => heard.push(n))
    expect(() => emitter.emit(7)).not.toThrow()
    expect(heard).toEqual([7])
    expect(errors).toEqual([[boom, 7]])
  })

  it('without onError, throws the first error once every listener has heard the event', () => {
    const heard: number[] = []
    const emitter = new Emitter<number>()
    emitter.on(() => {
      throw new Error('first')
    })
    emitter.on(() => {
      throw new Error('second')
    })
    emitter.on((n) => heard.push(n))
    expect(() => emitter.emit(1)).toThrow('first')
    expect(heard).toEqual([1])
  })

  it('a listener that unsubscribes while the event is told does not stop the others', () => {
    const heard: string[] = []
    const emitter = new Emitter<void>()
    const off = emitter.on(() => {
      heard.push('once')
      off()
    })
    emitter.on(() => heard.push('always'))
    emitter.emit()
    emitter.emit()
    expect(heard).toEqual(['once', 'always', 'always'])
  })
})

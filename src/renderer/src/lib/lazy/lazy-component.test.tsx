import { act, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyComponent, LoadingPart } from './lazy-component'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  )
}

const fallback = <p>placeholder</p>

describe('lazyComponent', () => {
  it('shows the fallback while the chunk loads, then the component with its props', async () => {
    const chunk = deferred<typeof Counter>()
    const Lazy = lazyComponent(() => chunk.promise, fallback)
    render(<Lazy label="Clicks" />)
    expect(screen.getByText('placeholder')).toBeTruthy()
    await act(async () => chunk.resolve(Counter))
    expect(screen.getByRole('button').textContent).toBe('Clicks 0')
    expect(screen.queryByText('placeholder')).toBeNull()
  })

  it('renders at once, never the fallback, once preloaded', async () => {
    const Lazy = lazyComponent(() => Promise.resolve(Counter), fallback)
    await Lazy.preload()
    render(<Lazy label="Ready" />)
    expect(screen.getByRole('button').textContent).toBe('Ready 0')
    expect(screen.queryByText('placeholder')).toBeNull()
  })

  it('keeps the state of a part that mounted while loading (no remount once loaded)', async () => {
    const chunk = deferred<typeof Counter>()
    const Lazy = lazyComponent(() => chunk.promise, fallback)
    const { rerender } = render(<Lazy label="Kept" />)
    await act(async () => chunk.resolve(Counter))
    await act(async () => screen.getByRole('button').click())
    rerender(<Lazy label="Kept" />)
    expect(screen.getByRole('button').textContent).toBe('Kept 1')
  })

  it('says in place that a chunk could not load, with what to do', async () => {
    const chunk = deferred<typeof Counter>()
    const Lazy = lazyComponent(() => chunk.promise, fallback)
    render(<Lazy label="Never" />)
    await act(async () => chunk.reject(new Error('Failed to fetch dynamically imported module')))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(
      'could not load (Failed to fetch dynamically imported module)'
    )
    expect(alert.textContent).toContain('Restart Cairn to try again')
  })
})

describe('LoadingPart', () => {
  it('is a blank box at first and says what is loading only when it takes a while', async () => {
    render(<LoadingPart label="Loading the editor…" />)
    expect(screen.queryByRole('status')).toBeNull()
    expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toContain(
      'Loading the editor…'
    )
  })
})

import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { afterFirstView, useAfterFirstView } from './after-first-view'

function Probe({ now }: { now?: boolean }) {
  return <p>{useAfterFirstView(now) ? 'ready' : 'waiting'}</p>
}

describe('after the first view', () => {
  it('is false during the first render and turns true on its own afterwards', async () => {
    render(<Probe />)
    expect(screen.getByText('waiting')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('ready')).toBeTruthy())
  })

  it('is true at once when the part is needed now', () => {
    render(<Probe now />)
    expect(screen.getByText('ready')).toBeTruthy()
  })

  it('runs a task later, not during the caller, and not at all once cancelled', async () => {
    const ran: string[] = []
    afterFirstView(() => ran.push('kept'))
    const cancel = afterFirstView(() => ran.push('cancelled'))
    cancel()
    expect(ran).toEqual([])
    await waitFor(() => expect(ran).toEqual(['kept']))
  })
})

import { act } from '@testing-library/react'
import { onTestFinished, vi } from 'vitest'

const IDLE: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 }

/**
 * Memory and Settings mount (hidden) once the first view is idle: on a busy machine that moment
 * comes before or after whatever a test does next. This holds it until the returned release is
 * called, so a test chooses the order instead of the machine's load choosing it.
 */
export function holdHiddenViews(): () => void {
  let held: IdleRequestCallback[] | null = []
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    if (held) held.push(run)
    else run(IDLE)
    return 0
  })
  vi.stubGlobal('cancelIdleCallback', () => undefined)
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
  return () =>
    act(() => {
      const waiting = held ?? []
      held = null
      for (const run of waiting) run(IDLE)
    })
}

import { z } from 'zod'
import { buildCairnApi } from '@shared/bridge'
import type { EventName } from '@shared/contract'

/*
 * Runs inside the test page in place of the preload: the same builder, over a Playwright binding
 * (`__cairnInvoke`) into the real registry in the test process. Events come back through
 * `__cairnEmit`, which the harness calls the way main calls webContents.send.
 */

declare global {
  interface Window {
    __cairnInvoke(channel: string, input: unknown): Promise<unknown>
    __cairnEmit(event: string, payload: unknown): void
  }
}

// Like the renderer: no `new Function` probe under the page's strict CSP.
z.config({ jitless: true })

const listeners = new Map<EventName, Set<(payload: unknown) => void>>()

window.__cairnEmit = (event, payload) => {
  for (const listener of listeners.get(event as EventName) ?? []) listener(payload)
}

Object.defineProperty(window, 'cairn', {
  value: Object.freeze(
    buildCairnApi({
      invoke: (channel, input) => window.__cairnInvoke(channel, input),
      subscribe(event, listener) {
        const set = listeners.get(event) ?? new Set()
        listeners.set(event, set)
        set.add(listener)
        return () => set.delete(listener)
      }
    })
  ),
  writable: false
})

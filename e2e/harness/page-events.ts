import type { CDPSession, Page } from '@playwright/test'
import type { EventName } from '@shared/contract'

/**
 * Main→renderer events into the harness's pages, as webContents.send: in order, fire and forget.
 * Each page gets a CDP session of its own. A page.evaluate would do the same but is traced as a
 * test action, with a DOM snapshot before and after it: that made each event take 0.1–1.5 s to
 * arrive on a busy machine (and cost the CPU the other worker needed).
 */
export function pageEventSender(): (target: Page, event: EventName, payload: unknown) => void {
  const sessions = new Map<Page, Promise<CDPSession>>()
  return (target, event, payload) => {
    let session = sessions.get(target)
    if (!session) sessions.set(target, (session = target.context().newCDPSession(target)))
    // Payloads are the contract's plain objects (checked by the emitter), so JSON carries them.
    const expression = `globalThis.__cairnEmit(${JSON.stringify(event)}, ${JSON.stringify(payload)})`
    // A page that is reloading or closed just misses it (a new document subscribes afresh).
    void session.then((cdp) => cdp.send('Runtime.evaluate', { expression })).catch(() => undefined)
  }
}

import { events, type EventName, type EventPayload } from '@shared/contract'
import type { Services } from '../services'

export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void

/** Payloads are parsed against the contract before they leave main; a bad one throws. */
export function checkedEmitter(send: (event: EventName, payload: unknown) => void): EmitEvent {
  return (event, payload) => send(event, events[event].parse(payload))
}

/** Connects service notifications to renderer events; returns the disconnect. */
export function wireEvents(services: Services, emit: EmitEvent): () => void {
  // A failed notification is logged, never thrown back into the service that already did its work
  // (a settings listener that throws would turn a saved change into an error for the caller).
  const safely =
    <E extends EventName>(event: E) =>
    (payload: EventPayload<E>): void => {
      try {
        emit(event, payload)
      } catch (error) {
        services.logger.error('event could not be sent', {
          event,
          reason: error instanceof Error ? error.message : typeof error
        })
      }
    }
  const settingsChanged = safely('settings:changed')
  const memoryChanged = safely('memory:changed')
  const projectsChanged = safely('projects:changed')
  const off = [
    services.settings.onChange((settings) => settingsChanged({ settings })),
    services.spaces.onChange((space, change) => memoryChanged({ ...change, space })),
    services.projects.onChange((projects) => projectsChanged({ projects })),
    // Chat events are fire-and-forget too: a failed send never stops a reply.
    services.chat.onEvent((event, payload) => safely(event)(payload)),
    services.sync.onStatus(safely('sync:changed')),
    services.mcp.onChange(safely('mcp:changed')),
    services.elicitations.onEvent(({ event, payload }) => safely(event)(payload)),
    services.quickAsk.onShowConversation(safely('window:show-conversation')),
    services.links.onWaiting(safely('app:links-waiting')),
    services.backups.onProgress(safely('backup:progress')),
    services.tidy.onProgress(safely('tidy:progress')),
    services.tidyBatches.onChange(safely('tidy:batch-changed')),
    services.updates.onStatus(safely('updates:changed'))
  ]
  return () => off.forEach((stop) => stop())
}

import { events, type EventName, type EventPayload } from '@shared/contract'
import type { Services } from '../services'

export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void

/** Payloads are parsed against the contract before they leave main. */
export function checkedEmitter(send: (event: EventName, payload: unknown) => void): EmitEvent {
  return (event, payload) => send(event, events[event].parse(payload))
}

/** Connects service notifications to renderer events; returns the disconnect. */
export function wireEvents(services: Services, emit: EmitEvent): () => void {
  const off = [services.settings.onChange((settings) => emit('settings:changed', { settings }))]
  return () => off.forEach((stop) => stop())
}

import type { z } from 'zod'
import type { CairnApi } from '@shared/bridge'
import { events, type EventName, type EventPayload } from '@shared/contract'
import { CairnError } from '@shared/errors'

declare global {
  interface Window {
    cairn?: CairnApi
  }
}

/** The typed bridge to main. Missing only if the page was opened outside Cairn. */
export function getApi(): CairnApi {
  const api = window.cairn
  if (!api)
    throw new CairnError(
      'INTERNAL',
      'This page must be opened inside Cairn: the bridge to the app is missing.'
    )
  return api
}

/** Turns whatever a bridge call threw back into a CairnError (contextBridge keeps only the message). */
export async function call<T>(run: (api: CairnApi) => Promise<T>): Promise<T> {
  try {
    return await run(getApi())
  } catch (error) {
    throw CairnError.from(error)
  }
}

/**
 * Listens to one event from main, its payload checked against the contract here, once for every
 * view (a payload the contract does not name is dropped). Returns the unsubscribe. Throws like
 * `getApi` when the page runs outside Cairn.
 */
export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void
): () => void {
  const schema: z.ZodType = events[event]
  return getApi().on(event, (raw: unknown) => {
    const parsed = schema.safeParse(raw)
    // The schema is the event's own, so its output is the event's payload type.
    if (parsed.success) listener(parsed.data as EventPayload<E>)
  })
}

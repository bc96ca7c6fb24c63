import {
  channelNames,
  EnvelopeSchema,
  isEventName,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type EventName,
  type EventPayload
} from './contract'
import { CairnError } from './errors'

/*
 * Builds `window.cairn` from the channel list. The preload uses it over ipcRenderer; the browser
 * test harness uses it over a Playwright binding, so the two cannot drift apart.
 */

export interface BridgeTransport {
  invoke(channel: ChannelName, input: unknown): Promise<unknown>
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S
type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
type ActionOf<C extends string> = C extends `${string}:${infer A}` ? A : never

type Method<C extends ChannelName> =
  undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<ChannelOutput<C>>
    : (input: ChannelInput<C>) => Promise<ChannelOutput<C>>

export type CairnApi = {
  [D in DomainOf<ChannelName>]: {
    [C in ChannelName as DomainOf<C> extends D ? Camel<ActionOf<C>> : never]: Method<C>
  }
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

export function methodPath(channel: ChannelName): [domain: string, method: string] {
  const [domain = '', action = ''] = channel.split(':')
  return [domain, action.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())]
}

export function unwrapEnvelope(raw: unknown): unknown {
  const envelope = EnvelopeSchema.safeParse(raw)
  if (!envelope.success)
    throw new CairnError(
      'INTERNAL',
      'The app sent an unreadable answer. Restart Cairn and try again.'
    )
  if (!envelope.data.ok) throw new CairnError(envelope.data.error.code, envelope.data.error.message)
  return envelope.data.data
}

export function buildCairnApi(transport: BridgeTransport): CairnApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const channel of channelNames) {
    const [domain, method] = methodPath(channel)
    api[domain] ??= {}
    api[domain][method] = async (input?: unknown) => {
      let raw: unknown
      try {
        raw = await transport.invoke(channel, input)
      } catch (error) {
        // Nothing from main arrived (no handler, an input that cannot be cloned, a closed channel):
        // still a CairnError, without the transport's wording, which may quote the input.
        if (error instanceof CairnError) throw error
        throw new CairnError(
          'INTERNAL',
          'The request could not be sent to the app. Restart Cairn and try again.'
        )
      }
      return unwrapEnvelope(raw)
    }
  }
  const on = (event: EventName, listener: (payload: never) => void): (() => void) => {
    if (!isEventName(event)) {
      const name: unknown = event // typed as an event name, but the page can pass anything
      throw new CairnError(
        'UNKNOWN_CHANNEL',
        `There is no event called ${typeof name === 'string' ? name.slice(0, 64) : typeof name}.`
      )
    }
    if (typeof listener !== 'function')
      throw new CairnError('BAD_INPUT', 'An event listener must be a function.')
    return transport.subscribe(event, listener as (payload: unknown) => void)
  }
  return { ...api, on } as unknown as CairnApi
}

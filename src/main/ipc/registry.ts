import { z } from 'zod'
import {
  channels,
  isChannelName,
  type ChannelName,
  type ChannelOutput,
  type ChannelParsedInput,
  type Envelope
} from '@shared/contract'
import { CairnError } from '@shared/errors'
import type { Logger } from '../services/log/logger'

/*
 * The one place a renderer request enters main. Plain TypeScript (no electron import) so the
 * Electron binding and the browser test harness share it exactly.
 */

export type Handlers = {
  [C in ChannelName]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>> | ChannelOutput<C>
}

/** What main knows about the frame that sent a request. */
export interface SenderInfo {
  url: string
  isTopLevel: boolean
}

export interface IpcRegistry {
  handle(channel: unknown, input: unknown, sender: SenderInfo | null): Promise<Envelope>
}

export interface RegistryOptions {
  handlers: Handlers
  isTrustedUrl: (url: string) => boolean
  logger: Logger
}

export function createIpcRegistry({
  handlers,
  isTrustedUrl,
  logger
}: RegistryOptions): IpcRegistry {
  // A log line must never turn an answer into a rejection (a circular or BigInt value thrown).
  const log = (level: 'warn' | 'error', message: string, fields: Record<string, unknown>): void => {
    try {
      logger[level](message, fields)
    } catch {
      try {
        logger[level](message, { channel: fields.channel })
      } catch {
        // Logging is best effort; the answer still goes out.
      }
    }
  }
  return {
    async handle(channel, input, sender) {
      const name = channelLabel(channel)
      try {
        if (!sender || sender.isTopLevel !== true || !isTrustedUrl(sender.url)) {
          log('warn', 'ipc request from an untrusted sender refused', { channel: name })
          throw new CairnError(
            'FORBIDDEN_SENDER',
            'This request did not come from the Cairn window.'
          )
        }
        if (!isChannelName(channel)) {
          throw new CairnError('UNKNOWN_CHANNEL', `There is no channel called ${name}.`)
        }
        const schema = channels[channel]
        const parsed = schema.input.safeParse(input)
        if (!parsed.success) throw new CairnError('BAD_INPUT', describeIssues(parsed.error))
        const handler = handlers[channel] as (input: unknown) => Promise<unknown>
        // Outputs are parsed too: only what the contract names can ever reach the renderer.
        const output = schema.output.safeParse(await handler(parsed.data))
        if (!output.success) {
          log('error', 'handler answered outside the contract', {
            channel,
            issues: describeIssues(output.error)
          })
          throw new CairnError(
            'INTERNAL',
            'Cairn produced an answer it could not send. Please report this.'
          )
        }
        return { ok: true, data: output.data }
      } catch (error) {
        if (error instanceof CairnError)
          return { ok: false, error: { code: error.code, message: error.detail } }
        log('error', 'ipc handler failed', { channel: name, error })
        return {
          ok: false,
          error: {
            code: 'INTERNAL',
            message:
              'Something went wrong inside Cairn. Try again; if it keeps happening, restart the app.'
          }
        }
      }
    }
  }
}

/** A channel name fit for a message or a log line: never throws, never long. */
function channelLabel(channel: unknown): string {
  if (typeof channel !== 'string') return `(a ${channel === null ? 'null' : typeof channel})`
  const printable = channel.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')
  return channel.length > 64 ? `${printable}…` : printable
}

// Messages name the field and the rule, never the value received (it might be a secret); that
// includes the names of unexpected keys, which are part of what was received.
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const message =
        issue.code === 'unrecognized_keys'
          ? `has ${issue.keys.length === 1 ? 'a field' : 'fields'} this call does not accept`
          : issue.message
      const path = issue.path.map((part) => String(part)).join('.')
      return path ? `${path}: ${message}` : message
    })
    .join('; ')
}

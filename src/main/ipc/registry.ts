import { z } from 'zod'
import {
  channels,
  isChannelName,
  type ChannelName,
  type ChannelOutput,
  type Envelope
} from '@shared/contract'
import { CairnError } from '@shared/errors'
import type { Logger } from '../services/log/logger'

/*
 * The one place a renderer request enters main. Plain TypeScript (no electron import) so the
 * Electron binding and the browser test harness share it exactly.
 */

export type Handlers = {
  [C in ChannelName]: (
    input: z.output<(typeof channels)[C]['input']>
  ) => Promise<ChannelOutput<C>> | ChannelOutput<C>
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
  return {
    async handle(channel, input, sender) {
      try {
        if (!sender || !sender.isTopLevel || !isTrustedUrl(sender.url)) {
          logger.warn('ipc request from an untrusted sender refused', { channel: String(channel) })
          throw new CairnError(
            'FORBIDDEN_SENDER',
            'This request did not come from the Cairn window.'
          )
        }
        if (!isChannelName(channel)) {
          throw new CairnError(
            'UNKNOWN_CHANNEL',
            `There is no channel called ${String(channel).slice(0, 64)}.`
          )
        }
        const schema = channels[channel]
        const parsed = schema.input.safeParse(input)
        if (!parsed.success) throw new CairnError('BAD_INPUT', describeIssues(parsed.error))
        const handler = handlers[channel] as (input: unknown) => Promise<unknown>
        // Outputs are parsed too: only what the contract names can ever reach the renderer.
        const output = schema.output.safeParse(await handler(parsed.data))
        if (!output.success) {
          logger.error('handler answered outside the contract', {
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
        logger.error('ipc handler failed', { channel: String(channel), error })
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

// Messages name the field and the rule, never the value received (it might be a secret).
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message
    )
    .join('; ')
}

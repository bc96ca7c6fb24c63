import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError
} from '@anthropic-ai/sdk'
import type { ChatFault, ChatFaultCode } from '@shared/chat/chat'
import { quoted } from '@shared/control-names'
import { ConversationEncodeError } from '../conversations/conversation-store'

/*
 * Every way a request to Anthropic can fail, turned into words for the person using Cairn:
 * what happened, what to do next, and whether Cairn (or the Retry button) can try again.
 */

/** Where the failure happened: before any answer arrived, or while it was streaming. */
export type FaultPhase = 'request' | 'stream'

export interface ClassifiedFault {
  fault: ChatFault
  /** Cairn may retry on its own (before anything was shown). */
  autoRetry: boolean
  /** What the API asked us to wait, from `retry-after-ms` / `retry-after`. */
  retryAfterMs: number | null
}

/** Thrown by the stream reader when the response ended without `message_stop`. */
export class StreamEndedEarly extends Error {
  override readonly name = 'StreamEndedEarly'
  constructor() {
    super('the answer stream ended before the message was complete')
  }
}

const fault = (
  code: ChatFaultCode,
  message: string,
  nextStep: string,
  retryable: boolean,
  status: number | null = null
): ChatFault => ({ code, message, nextStep, retryable, status })

/** A fault known before anything is sent (e.g. a setting the API would refuse): shown as is. */
export class FaultBeforeRequest extends Error {
  override readonly name = 'FaultBeforeRequest'
  constructor(readonly fault: ChatFault) {
    super(fault.message)
  }
}

export function noApiKeyFault(): ChatFault {
  return fault(
    'no-api-key',
    'Cairn has no Anthropic API key yet.',
    `Add your key under ${quoted('apiKey')} in Settings, then press Retry.`,
    true
  )
}

export function saveFailedFault(error: unknown): ChatFault {
  const { reason, nextStep } = saveFailure(error, 'press Retry')
  return fault('save-failed', `The conversation could not be saved (${reason}).`, nextStep, true)
}

/**
 * Why a save failed, in words, and what to do next (`again` ends it: "press Retry", "try
 * again"). Each cause is named as itself: only a full disk is called full.
 */
export function saveFailure(error: unknown, again: string): { reason: string; nextStep: string } {
  const Again = again.charAt(0).toUpperCase() + again.slice(1)
  if (error instanceof ConversationEncodeError)
    return {
      reason: error.message,
      nextStep: `This is a fault in Cairn, not on your disk. ${Again}; if it happens again, restart Cairn.`
    }
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (typeof code !== 'string') {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return {
      reason: `an unexpected error: ${clip(what)}`,
      nextStep: `${Again}; if it keeps happening, restart Cairn.`
    }
  }
  switch (code) {
    case 'ENOSPC':
      return {
        reason: 'the disk is full (ENOSPC)',
        nextStep: `Free some disk space, then ${again}.`
      }
    case 'EDQUOT':
      return {
        reason: 'your disk quota is full (EDQUOT)',
        nextStep: `Free some disk space, then ${again}.`
      }
    case 'EROFS':
      return {
        reason: 'the disk is read-only (EROFS)',
        nextStep: `Make the disk that holds Cairn's data writable, then ${again}.`
      }
    case 'EACCES':
    case 'EPERM':
      return {
        reason: `permission denied (${code})`,
        nextStep: `Check that you may write to Cairn's data folder, then ${again}.`
      }
    default:
      return {
        reason: systemText(error as Error, code),
        nextStep: `${Again}; if it keeps happening, check the disk and restart Cairn.`
      }
  }
}

/** Node's "EIO: i/o error, open '/path'" without the path (the text is shown as is). */
function systemText(error: Error, code: string): string {
  const message = typeof error.message === 'string' ? error.message : ''
  if (!message.startsWith(`${code}: `)) return code
  const comma = message.indexOf(', ')
  return clip(comma > 0 ? message.slice(0, comma) : message)
}

const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text)

export function isAbort(error: unknown): boolean {
  return (
    error instanceof APIUserAbortError ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError'))
  )
}

export function classifyFault(error: unknown, phase: FaultPhase): ClassifiedFault {
  const plain = (f: ChatFault, autoRetry = false, retryAfterMs: number | null = null) => ({
    fault: f,
    autoRetry,
    retryAfterMs
  })
  if (error instanceof FaultBeforeRequest) return plain(error.fault)
  if (
    error instanceof StreamEndedEarly ||
    (phase === 'stream' && error instanceof APIConnectionError)
  )
    return plain(streamCut())
  if (error instanceof SyntaxError)
    return plain(
      fault(
        'bad-stream',
        'Anthropic sent data Cairn could not read, so the answer stopped. What arrived so far is kept.',
        'Press Retry to ask again; if it keeps happening, check for a Cairn update.',
        true
      )
    )
  if (error instanceof APIConnectionTimeoutError)
    return plain(
      fault(
        'timeout',
        'Anthropic did not answer in time.',
        'Check your connection, then press Retry.',
        true
      ),
      true
    )
  if (error instanceof APIConnectionError)
    return plain(
      fault(
        'offline',
        'Cairn cannot reach Anthropic. Your computer may be offline.',
        'Check your internet connection, then press Retry.',
        true
      ),
      true
    )
  if (error instanceof APIError) return classifyApiError(error, phase)
  // Once the answer is streaming, a transport error (undici's "terminated") is a cut connection.
  if (phase === 'stream') return plain(streamCut())
  return plain(
    fault(
      'internal',
      'Something went wrong while talking to Anthropic.',
      'Press Retry; if it keeps happening, restart Cairn.',
      true
    )
  )
}

function streamCut(): ChatFault {
  return fault(
    'stream-cut',
    'The connection dropped in the middle of the answer. What arrived so far is kept.',
    'Press Retry to ask again.',
    true
  )
}

function classifyApiError(error: APIError, phase: FaultPhase): ClassifiedFault {
  const status = typeof error.status === 'number' ? error.status : null
  // Compared as plain text: the API sends types the SDK's union does not list (request_too_large).
  const type: string | null = typeof error.type === 'string' ? error.type : null
  const detail = apiMessage(error)
  const retryAfterMs = retryAfterOf(error)
  const out = (f: ChatFault, autoRetry = false): ClassifiedFault => ({
    fault: f,
    autoRetry,
    retryAfterMs
  })
  // An `event: error` in the stream has no status; its type says what it was.
  if (status === 401 || type === 'authentication_error')
    return out(
      fault(
        'auth',
        'Anthropic did not accept the API key.',
        `Check or replace the key under ${quoted('apiKey')} in Settings, then press Retry.`,
        true,
        status
      )
    )
  if (status === 403 || type === 'permission_error')
    return out(
      fault(
        'auth',
        `The API key is not allowed to do this${detail ? ` (${detail})` : ''}.`,
        `Under ${quoted('apiKey')} in Settings, use a key from a workspace that can use this model, then press Retry.`,
        true,
        status
      )
    )
  if (status === 404 || type === 'not_found_error')
    return out(
      fault(
        'model-not-found',
        `Anthropic does not know this conversation's model${detail ? ` (${detail})` : ''}.`,
        // A conversation keeps the model it started with, so Retry would fail the same way.
        `Choose an available model under ${quoted('model')} in Settings, then press ${quoted('newChat')}.`,
        false,
        status
      )
    )
  // A 400 "prompt is too long": the conversation outgrew the model's window. Retry sends the same
  // conversation again, so it is never offered; a new chat is what works.
  if (status === 413 || type === 'request_too_large' || PROMPT_TOO_LONG.test(detail))
    return out(
      fault(
        'too-large',
        'This conversation is too large to send in one request.',
        `Press ${quoted('newChat')} to go on in a fresh conversation; what Claude saved in memory carries over.`,
        false,
        status
      )
    )
  // The next step is read once Cairn has stopped trying (the retry countdown says the rest), so
  // it never promises a retry of Cairn's own: it says how long Anthropic asks to wait.
  if (status === 429 || type === 'rate_limit_error') {
    const wait = retryAfterMs ?? rateLimitResetMs(error)
    return out(
      fault(
        'rate-limited',
        'Anthropic is limiting how fast this key can send requests.',
        wait === null
          ? 'Wait a minute, then press Retry.'
          : `Anthropic asks Cairn to wait ${waitWords(wait)}; press Retry after that.`,
        true,
        status
      ),
      phase === 'request'
    )
  }
  if (status === 529 || type === 'overloaded_error' || (status !== null && status >= 500))
    return out(
      fault(
        'overloaded',
        status === 529 || type === 'overloaded_error'
          ? 'Anthropic is overloaded right now.'
          : 'Anthropic had an internal error.',
        'Wait a minute, then press Retry; if it keeps failing, check status.anthropic.com.',
        true,
        status
      ),
      phase === 'request'
    )
  if (status === 400 || type === 'invalid_request_error')
    return out(
      fault(
        'bad-request',
        `Anthropic refused the request${detail ? `: ${detail}` : '.'}`,
        `If it names a setting, such as ${quoted('maxTokens')}, change it in Settings and press Retry; if this conversation keeps failing, press ${quoted('newChat')}.`,
        true,
        status
      )
    )
  return out(
    fault(
      'api-error',
      `Anthropic answered with an error${status ? ` (${status})` : ''}${detail ? `: ${detail}` : '.'}`,
      'Press Retry; if it keeps happening, check status.anthropic.com.',
      true,
      status
    )
  )
}

const PROMPT_TOO_LONG = /prompt is too long/i

function apiMessage(error: APIError): string {
  const raw = typeof error.apiMessage === 'string' ? error.apiMessage : ''
  return raw.length > 300 ? `${raw.slice(0, 300)}…` : raw
}

/** "20 seconds", "5 minutes", "about 2 hours": how long a wait is, in words. */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return `${minutes} minutes`
  return `about ${Math.round(minutes / 60)} hours`
}

const RESET_HEADERS = [
  'anthropic-ratelimit-requests-reset',
  'anthropic-ratelimit-tokens-reset',
  'anthropic-ratelimit-input-tokens-reset',
  'anthropic-ratelimit-output-tokens-reset'
]

/** Without `retry-after`: the latest of the rate limits' reset times (RFC 3339), from now. */
export function rateLimitResetMs(error: APIError, now = Date.now()): number | null {
  const headers = error.headers
  if (!headers) return null
  const resets = RESET_HEADERS.map((name) => Date.parse(headers.get(name) ?? '')).filter(
    (at) => Number.isFinite(at) && at > now
  )
  return resets.length ? Math.max(...resets) - now : null
}

/** `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date), as milliseconds. */
export function retryAfterOf(error: APIError, now = Date.now()): number | null {
  const headers = error.headers
  if (!headers) return null
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '')
  if (Number.isFinite(ms) && ms >= 0) return ms
  const raw = headers.get('retry-after')
  if (!raw) return null
  const seconds = Number.parseFloat(raw)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(raw)
  return Number.isFinite(date) ? Math.max(0, date - now) : null
}

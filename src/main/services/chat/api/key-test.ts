import type Anthropic from '@anthropic-ai/sdk'
import type { KeyTestResult } from '@shared/chat/models'
import { classifyFault } from './faults'

/**
 * Checks a key with the smallest request there is: one page of one model. It costs no tokens
 * and fails with 401 for a wrong key, like any other request would.
 */
export async function testApiKey(client: Anthropic | null): Promise<KeyTestResult> {
  if (!client)
    return {
      ok: false,
      code: 'no-api-key',
      message: 'No API key is set. Paste your key from the Anthropic Console and save it.'
    }
  try {
    await client.models.list({ limit: 1 }, { timeout: 20_000 })
    return { ok: true, code: 'ok', message: 'The key works: Anthropic accepted it.' }
  } catch (error) {
    const { fault } = classifyFault(error, 'request')
    switch (fault.code) {
      case 'auth':
        return {
          ok: false,
          code: 'auth',
          message:
            fault.status === 403
              ? 'Anthropic knows this key but does not allow it here. Check the key’s workspace and permissions in the Anthropic Console.'
              : 'Anthropic rejected this key. Check that it was copied whole, or create a new one in the Anthropic Console.'
        }
      case 'offline':
      case 'timeout':
        return {
          ok: false,
          code: 'offline',
          message:
            'The key could not be checked: Cairn cannot reach Anthropic. Check your internet connection and try again.'
        }
      case 'rate-limited':
        // Only a known key gets rate-limited.
        return {
          ok: true,
          code: 'rate-limited',
          message:
            'The key works, but Anthropic is limiting its requests right now. Wait a moment before chatting.'
        }
      case 'overloaded':
        return {
          ok: false,
          code: 'overloaded',
          message: 'The key could not be checked: Anthropic is overloaded. Try again in a minute.'
        }
      default:
        return {
          ok: false,
          code: 'api-error',
          message: `The key could not be checked: ${fault.message} Try again later.`
        }
    }
  }
}

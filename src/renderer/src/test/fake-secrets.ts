import type { SecretStatus } from '@shared/contract'
import { CairnError } from '@shared/errors'

/** Where the fake main keeps the API key; tests read and set these fields directly. */
export interface FakeKeys {
  sessionKey: string | null
  keychainKey: string | null
}

/** The API key channels for renderer tests: an environment key wins, then session, then keychain, like main. */
export function createFakeSecrets(
  keys: FakeKeys,
  options: { envKey?: string | null; keychain?: 'available' | 'missing' }
) {
  const keychainMissing = options.keychain === 'missing'
  const envKey = options.envKey ?? null

  const status = (): SecretStatus => {
    const [key, source] = envKey
      ? [envKey, 'environment' as const]
      : keys.sessionKey
        ? [keys.sessionKey, 'session' as const]
        : keys.keychainKey
          ? [keys.keychainKey, 'keychain' as const]
          : [null, null]
    return {
      configured: key !== null,
      source,
      hint: key ? key.slice(-4) : null,
      keychainAvailable: !keychainMissing
    }
  }

  const handlers = {
    'secrets:status': () => status(),
    'secrets:set-api-key': (input: { apiKey: string; sessionOnly?: boolean }) => {
      if (input.sessionOnly) keys.sessionKey = input.apiKey
      else if (keychainMissing)
        throw new CairnError(
          'KEYCHAIN_UNAVAILABLE',
          "Couldn't access platform storage. You can keep the key for this session only: it stays in memory and is forgotten when Cairn quits."
        )
      else {
        keys.keychainKey = input.apiKey
        keys.sessionKey = null
      }
      return status()
    },
    // Like main's key test against the API: a key with "revoked" in it is refused (401).
    'secrets:test': (input?: { apiKey?: string }) => {
      const key = input?.apiKey ?? keys.sessionKey ?? keys.keychainKey
      if (!key) return { ok: false, code: 'no-api-key', message: 'No API key is set.' }
      return key.includes('revoked')
        ? { ok: false, code: 'auth', message: 'Anthropic rejected this key.' }
        : { ok: true, code: 'ok', message: 'The key works: Anthropic accepted it.' }
    },
    'secrets:clear-api-key': () => {
      keys.sessionKey = null
      keys.keychainKey = null
      return status()
    }
  }
  return { status, handlers }
}

import type { SecretStatus } from '@shared/contract'
import { CairnError } from '@shared/errors'
import type { Logger } from '../log/logger'
import type { Keychain } from './keychain'

export const KEYCHAIN_SERVICE = 'Cairn'
export const KEYCHAIN_ACCOUNT = 'anthropic-api-key'

export interface SecretsService {
  status(): Promise<SecretStatus>
  setApiKey(input: { apiKey: string; sessionOnly?: boolean | undefined }): Promise<SecretStatus>
  clearApiKey(): Promise<SecretStatus>
  /** For the main process only (the API client). Never send this over IPC. */
  getApiKey(): Promise<string | null>
  dispose(): void
}

export interface SecretsServiceOptions {
  keychain: Keychain
  logger: Logger
  env?: Record<string, string | undefined>
  /** Keychain service name; tests use their own so they never touch a real user's entry. */
  service?: string
}

/** Precedence: ANTHROPIC_API_KEY in the environment, then a session-only key, then the keychain. */
export function createSecretsService({
  keychain,
  logger,
  env = {},
  service = KEYCHAIN_SERVICE
}: SecretsServiceOptions): SecretsService {
  let sessionKey: string | null = null
  const envKey = env.ANTHROPIC_API_KEY?.trim() || null
  if (envKey) logger.redact(envKey)

  async function readKeychain(): Promise<{ key: string | null; available: boolean }> {
    try {
      const key = await keychain.getPassword(service, KEYCHAIN_ACCOUNT)
      if (key) logger.redact(key)
      return { key, available: true }
    } catch (error) {
      logger.warn('keychain read failed', { error })
      return { key: null, available: false }
    }
  }

  async function resolve(): Promise<{ key: string | null; status: SecretStatus }> {
    const fromKeychain = await readKeychain()
    const [key, source] = envKey
      ? [envKey, 'environment' as const]
      : sessionKey
        ? [sessionKey, 'session' as const]
        : fromKeychain.key
          ? [fromKeychain.key, 'keychain' as const]
          : [null, null]
    return {
      key,
      status: {
        configured: key !== null,
        source,
        hint: key ? key.slice(-4) : null,
        keychainAvailable: fromKeychain.available
      }
    }
  }

  return {
    status: async () => (await resolve()).status,
    async setApiKey({ apiKey, sessionOnly }) {
      const key = apiKey.trim()
      logger.redact(key)
      if (sessionOnly) {
        sessionKey = key
        logger.info('API key kept for this session only')
      } else {
        try {
          await keychain.setPassword(service, KEYCHAIN_ACCOUNT, key)
        } catch (error) {
          const reason =
            error instanceof CairnError ? error.detail : 'The system keychain is not available.'
          throw new CairnError(
            'KEYCHAIN_UNAVAILABLE',
            `${reason} You can keep the key for this session only: it stays in memory and is forgotten when Cairn quits.`
          )
        }
        sessionKey = null
        logger.info('API key stored in the keychain')
      }
      return (await resolve()).status
    },
    async clearApiKey() {
      sessionKey = null
      try {
        await keychain.deletePassword(service, KEYCHAIN_ACCOUNT)
      } catch (error) {
        // Nothing can be in an unreachable keychain that we could remove now; say so in the log only.
        logger.warn('keychain delete failed', { error })
      }
      logger.info('API key cleared')
      return (await resolve()).status
    },
    getApiKey: async () => (await resolve()).key,
    dispose: () => {
      sessionKey = null
    }
  }
}

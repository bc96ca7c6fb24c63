import { CairnError } from '@shared/errors'

/** The keytar-shaped API of the OS keychain (macOS Keychain, Windows Credential Vault, Secret Service). */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

const TIMEOUT_MS = 10_000
/**
 * The Secret Service's daemon exited while answering (a crash, a restart): D-Bus starts it again
 * on the next call, with the items it had saved, so that call is worth making once more.
 */
const GONE_MID_CALL = /DBus error: .*disconnected from message bus/i

async function retriedIfGone<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Error && GONE_MID_CALL.test(error.message)) return run()
    throw error
  }
}

/**
 * Wraps the raw keychain so every failure becomes KEYCHAIN_UNAVAILABLE with a readable message,
 * and a keychain that never answers (a locked Secret Service waiting on a prompt) times out. A
 * call the Secret Service dropped by exiting is made once more (the timeout covers both).
 */
export function guardKeychain(raw: Keychain): Keychain {
  const guard = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the keychain did not answer in time')), TIMEOUT_MS)
    })
    try {
      return await Promise.race([retriedIfGone(run), timeout])
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new CairnError(
        'KEYCHAIN_UNAVAILABLE',
        `The system keychain could not ${action} (${reason}).`
      )
    } finally {
      clearTimeout(timer)
    }
  }
  return {
    getPassword: (s, a) => guard('be read', () => raw.getPassword(s, a)),
    setPassword: (s, a, p) => guard('store the key', () => raw.setPassword(s, a, p)),
    deletePassword: (s, a) => guard('remove the key', () => raw.deletePassword(s, a))
  }
}

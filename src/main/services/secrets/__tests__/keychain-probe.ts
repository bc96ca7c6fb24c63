import { randomUUID } from 'node:crypto'
import { createOsKeychain } from '../os-keychain'

/** With CI=true a missing keychain is a failure; elsewhere the real-keychain tests skip. */
export const keychainRequired = process.env.CI === 'true'

export const NO_KEYCHAIN_IN_CI =
  'CI=true but no OS keychain: run the tests under scripts/with-keyring.sh'

export type KeychainProbe = { ok: true } | { ok: false; reason: string }

/**
 * Whether the real OS keychain can store and remove an entry here. A read alone is not enough: a
 * Secret Service without an unlocked collection answers reads but refuses writes.
 */
export async function probeOsKeychain(): Promise<KeychainProbe> {
  const keychain = createOsKeychain()
  const service = `Cairn-probe-${randomUUID()}`
  try {
    await keychain.setPassword(service, 'probe', 'probe-value')
    await keychain.deletePassword(service, 'probe')
    return { ok: true }
  } catch (error) {
    await keychain.deletePassword(service, 'probe').catch(() => undefined)
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** Prints why real-keychain tests are skipped, or nothing when they will run (or must fail). */
export function announceProbe(probe: KeychainProbe, what: string): void {
  if (!probe.ok && !keychainRequired) {
    console.warn(`skipping ${what}: no OS keychain here (${probe.reason})`)
  }
}

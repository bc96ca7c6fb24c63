import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring'
import { guardKeychain, type Keychain } from './keychain'

/*
 * On Linux, keyring's default silently falls back to the kernel keyutils store when no Secret
 * Service answers: that store lives in kernel memory and is gone after a reboot, yet it would be
 * reported as "stored in the keychain". Pinning the Secret Service makes a missing one fail loudly
 * (KEYCHAIN_UNAVAILABLE, with the session-only offer) instead. Ignored on macOS and Windows.
 */
const OPTIONS: EntryOptions = { linux: { store: 'secret-service' } }

/**
 * The real OS keychain (macOS Keychain, Windows Credential Vault, Secret Service) through
 * @napi-rs/keyring, the maintained, prebuilt stand-in for the archived keytar package.
 */
export function createOsKeychain(): Keychain {
  // The constructor throws when the pinned store is unreachable; guardKeychain turns that into
  // KEYCHAIN_UNAVAILABLE like any other failure.
  const entry = (service: string, account: string) => new AsyncEntry(service, account, OPTIONS)
  return guardKeychain({
    getPassword: async (service, account) => (await entry(service, account).getPassword()) ?? null,
    setPassword: (service, account, password) => entry(service, account).setPassword(password),
    deletePassword: (service, account) => entry(service, account).deletePassword()
  })
}

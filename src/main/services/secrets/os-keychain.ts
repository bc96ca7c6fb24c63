import * as keytar from '@napi-rs/keyring/keytar.js'
import { guardKeychain, type Keychain } from './keychain'

/**
 * The real OS keychain through @napi-rs/keyring's keytar-compatible API (the maintained, prebuilt
 * stand-in for the archived keytar package).
 */
export function createOsKeychain(): Keychain {
  return guardKeychain({
    // keyring's getPassword answers null when no Secret Service is reachable at all, which would
    // hide an unavailable keychain behind "no key"; findCredentials connects and fails loudly.
    getPassword: async (service, account) =>
      (await keytar.findCredentials(service)).find((entry) => entry.account === account)?.password ?? null,
    setPassword: (service, account, password) => keytar.setPassword(service, account, password),
    deletePassword: (service, account) => keytar.deletePassword(service, account)
  })
}

import * as keytar from '@napi-rs/keyring/keytar'
import { guardKeychain, type Keychain } from './keychain'

/**
 * The real OS keychain through @napi-rs/keyring's keytar-compatible API (the maintained, prebuilt
 * stand-in for the archived keytar package).
 */
export function createOsKeychain(): Keychain {
  return guardKeychain({
    getPassword: (service, account) => keytar.getPassword(service, account),
    setPassword: (service, account, password) => keytar.setPassword(service, account, password),
    deletePassword: (service, account) => keytar.deletePassword(service, account)
  })
}

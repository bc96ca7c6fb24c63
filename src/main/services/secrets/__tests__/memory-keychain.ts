import type { Keychain } from '../keychain'

/** An in-memory stand-in for the OS keychain; set `fail` to make an operation throw. */
export function memoryKeychain() {
  const entries = new Map<string, string>()
  const calls: { op: 'get' | 'set' | 'delete'; service: string; account: string }[] = []
  const fail: { get?: Error; set?: Error; delete?: Error } = {}
  const id = (service: string, account: string) => `${service}\u0000${account}`
  const keychain: Keychain = {
    async getPassword(service, account) {
      calls.push({ op: 'get', service, account })
      if (fail.get) throw fail.get
      return entries.get(id(service, account)) ?? null
    },
    async setPassword(service, account, password) {
      calls.push({ op: 'set', service, account })
      if (fail.set) throw fail.set
      entries.set(id(service, account), password)
    },
    async deletePassword(service, account) {
      calls.push({ op: 'delete', service, account })
      if (fail.delete) throw fail.delete
      return entries.delete(id(service, account))
    }
  }
  return {
    keychain,
    calls,
    fail,
    read: (service: string, account: string) => entries.get(id(service, account)) ?? null,
    write: (service: string, account: string, password: string) =>
      entries.set(id(service, account), password),
    size: () => entries.size
  }
}
export type MemoryKeychain = ReturnType<typeof memoryKeychain>

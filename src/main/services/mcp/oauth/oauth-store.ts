import type { Keychain } from '../../secrets/keychain'

/*
 * What a remote server's sign-in leaves behind, in the OS keychain only: the tokens (access and
 * refresh), the client registration (from dynamic registration) and the PKCE verifier of a
 * sign-in under way. Each is one JSON entry per server; the settings file never sees any of it.
 * Which servers hold tokens is also kept in memory, so a server's start can ask without waiting.
 */

export const OAUTH_PARTS = ['tokens', 'client', 'verifier'] as const
export type OAuthPart = (typeof OAUTH_PARTS)[number]

export interface OAuthStore {
  read(server: string, part: OAuthPart): Promise<unknown>
  write(server: string, part: OAuthPart, value: unknown): Promise<void>
  /** Removes these parts (all of them by default) from the keychain. */
  remove(server: string, parts?: readonly OAuthPart[]): Promise<void>
  /** Reads which of these servers hold tokens (at start, before any of them connects). */
  load(servers: string[]): Promise<void>
  /** Whether the server holds tokens (as last read or written). */
  isSignedIn(server: string): boolean
}

export function createOAuthStore(deps: {
  keychain: Keychain
  keychainService: string
}): OAuthStore {
  const { keychain, keychainService: service } = deps
  const account = (server: string, part: OAuthPart) => `mcp-server/${server}/oauth:${part}`
  const signedIn = new Set<string>()

  const read = async (server: string, part: OAuthPart): Promise<unknown> => {
    const text = await keychain.getPassword(service, account(server, part))
    if (text === null) return undefined
    try {
      return JSON.parse(text) as unknown
    } catch {
      // Not ours (or damaged): as good as absent; the next sign-in writes it again.
      return undefined
    }
  }

  return {
    read,
    async write(server, part, value) {
      await keychain.setPassword(service, account(server, part), JSON.stringify(value))
      if (part === 'tokens') signedIn.add(server)
    },
    async remove(server, parts = OAUTH_PARTS) {
      for (const part of parts) await keychain.deletePassword(service, account(server, part))
      if (parts.includes('tokens')) signedIn.delete(server)
    },
    async load(servers) {
      for (const server of servers)
        if ((await read(server, 'tokens')) !== undefined) signedIn.add(server)
        else signedIn.delete(server)
    },
    isSignedIn: (server) => signedIn.has(server)
  }
}

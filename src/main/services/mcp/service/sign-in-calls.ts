import { CairnError } from '@shared/errors'
import type { McpOverview } from '@shared/mcp/channels'
import type { Logger } from '../../log/logger'
import type { McpHub } from '../hub'
import type { McpSignIn } from '../oauth/sign-in'
import type { ServersKeeper } from './servers-keeper'

export interface SignInCallsDeps {
  keeper: Pick<ServersKeeper, 'load' | 'find'>
  hub: Pick<McpHub, 'restart'>
  signIn?: McpSignIn
  overview: () => McpOverview
  logger: Logger
}

/** Settings → Tools' sign-in calls for remote servers: sign in, cancel it, sign out. */
export function signInCalls(deps: SignInCallsDeps) {
  const { keeper, hub } = deps

  async function forgetSignIn(id: string): Promise<void> {
    try {
      await deps.signIn?.signOut(id)
    } catch (error) {
      deps.logger.error('MCP sign-in not removed from the keychain', { error })
      const why = error instanceof Error ? error.message : String(error)
      throw new CairnError(
        'KEYCHAIN_UNAVAILABLE',
        `The sign-in could not be removed from the system keychain (${why}). Try Sign out again.`
      )
    }
  }

  return {
    /** Opens the server's sign-in page; answers once the browser shows it (or it failed). */
    async signIn(id: string): Promise<McpOverview> {
      await keeper.load()
      const server = keeper.find(id)
      if (server.transport.type !== 'http')
        throw new CairnError(
          'BAD_INPUT',
          `${server.name} runs on this computer: there is nothing to sign in to.`
        )
      if (!deps.signIn)
        throw new CairnError('INTERNAL', 'Signing in to servers is not available here.')
      await deps.signIn.signIn(server, () => hub.restart(id))
      return deps.overview()
    },

    cancelSignIn(id: string): McpOverview {
      keeper.find(id)
      deps.signIn?.cancel(id)
      return deps.overview()
    },

    /** Removes the server's tokens from the keychain; it then needs a sign-in again. */
    async signOut(id: string): Promise<McpOverview> {
      await keeper.load()
      keeper.find(id)
      await forgetSignIn(id)
      await hub.restart(id)
      return deps.overview()
    }
  }
}

/** A removed or moved server's sign-in: a keychain that fails only leaves an entry behind. */
export async function dropSignIns(
  signIn: Pick<McpSignIn, 'signOut'> | undefined,
  logger: Logger,
  ids: string[]
): Promise<void> {
  for (const id of ids)
    await signIn
      ?.signOut(id)
      .catch((error: unknown) => logger.warn('MCP sign-in left in the keychain', { error }))
}

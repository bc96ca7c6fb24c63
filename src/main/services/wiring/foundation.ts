import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { memoryTimers, type BackgroundTimers } from '../background-timers'
import { createAnthropicClients } from '../chat'
import { ensurePrivateDir } from '../fs/durable'
import { startMemorySpaces } from '../memory-spaces'
import { createSecretsService } from '../secrets/secrets-service'
import { createSettingsStore } from '../settings/settings-store'
import type { ServiceDeps } from './deps'

/**
 * What every other service stands on: the settings, the memory spaces and the API key. The
 * spaces open first, so a folder that cannot be opened (main asks what to do) leaves nothing
 * else to undo.
 */
export async function startFoundation(deps: ServiceDeps, background: BackgroundTimers) {
  await ensurePrivateDir(deps.userDataDir)
  const settings = createSettingsStore({ dir: deps.userDataDir, logger: deps.logger })
  await settings.load()
  // Memory lives in spaces: the registry opens each one when asked (the default one now).
  const spaces = await startMemorySpaces({
    dataDir: deps.userDataDir,
    settings,
    timers: memoryTimers(background),
    logger: deps.logger,
    ...(deps.memoryOff ? { memoryOff: deps.memoryOff } : {})
  })
  const secrets = createSecretsService({
    keychain: deps.keychain,
    logger: deps.logger,
    env: deps.env,
    ...(deps.keychainService ? { service: deps.keychainService } : {})
  })
  return {
    settings,
    spaces,
    secrets,
    // Sync, backup and Forget work on the default space until they learn spaces (issue 38).
    memory: spaces.registry.service(DEFAULT_SPACE_ID),
    /** A space's memory, through the registry (a closed space opens when called). */
    memoryIn: (space: SpaceId) => spaces.registry.service(space),
    /** The space's Approval setting in force (its own, else Settings'). */
    approvalIn: (space: SpaceId) => spaces.spaceSettings.effectiveNow(space).memoryWriteApproval,
    /** A client cache with the same key and the same server as chat. */
    anthropicClients: () =>
      createAnthropicClients({
        apiKey: () => secrets.getApiKey(),
        options: { ...deps.anthropic },
        logger: deps.logger
      }),
    /** Undoes the start when a later step of it fails. */
    async dispose(): Promise<void> {
      await spaces.dispose()
      secrets.dispose()
      settings.dispose()
    }
  }
}

export type Foundation = Awaited<ReturnType<typeof startFoundation>>

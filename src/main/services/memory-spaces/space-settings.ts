import { join } from 'node:path'
import type { Settings } from '@shared/app/settings'
import { CairnError } from '@shared/errors'
import {
  effectiveSpaceSettings,
  SpaceSettingsSchema,
  type EffectiveSpaceSettings,
  type SpaceSettings,
  type SpaceSettingsState,
  type UpdateSpaceSettingsInput
} from '@shared/memory/space-settings'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { ensurePrivateDir, writeFileDurably } from '../fs/durable'
import { firstIssue, readJsonOrMoveAside, type JsonParse } from '../fs/json-file'
import type { Logger } from '../log/logger'
import type { SpaceDescriptor } from './space-list'

// A space's own settings, in its state folder beside its index and history (so they go where the
// space goes), written durably: a crash leaves the old file or the new one. "No project" has no
// file: its settings are the ones in Settings, as before spaces existed.

export const SPACE_SETTINGS_FILE = 'space-settings.json'

const EMPTY: SpaceSettings = { pinned: [] }

export interface SpaceSettingsStore {
  /** The space's own sections (null: the default space, which follows Settings). */
  own(space: SpaceDescriptor): Promise<SpaceSettings | null>
  effective(space: SpaceDescriptor): Promise<EffectiveSpaceSettings>
  state(space: SpaceDescriptor): Promise<SpaceSettingsState>
  /** Saves one section; answers the settings the space's engine runs with from now on. */
  update(space: SpaceDescriptor, input: UpdateSpaceSettingsInput): Promise<EffectiveSpaceSettings>
  /**
   * The settings a space runs with, without waiting: for callers that must answer at once (whether
   * a write waits for approval). Correct for every space whose own settings were read (`own`), which
   * start-up does for all of them; a space made since has no own settings yet.
   */
  effectiveNow(id: SpaceId): EffectiveSpaceSettings
  /** Drops what is cached for a space that was removed. */
  forget(id: SpaceId): void
}

export function createSpaceSettingsStore(deps: {
  global: () => Settings
  logger: Logger
  clock?: () => Date
}): SpaceSettingsStore {
  const cache = new Map<SpaceId, SpaceSettings>()
  // One writer per space: each change saves on the result of the last.
  const queues = new Map<SpaceId, Promise<unknown>>()

  async function own(space: SpaceDescriptor): Promise<SpaceSettings | null> {
    if (space.id === DEFAULT_SPACE_ID) return null
    const known = cache.get(space.id)
    if (known) return known
    const read = await readJsonOrMoveAside({
      file: join(space.stateDir, SPACE_SETTINGS_FILE),
      label: 'space settings file',
      parse,
      ...deps
    })
    const loaded = read.kind === 'read' ? read.value : EMPTY
    // Another caller may have read (or saved) meanwhile: the first one in the cache wins.
    if (!cache.has(space.id)) cache.set(space.id, loaded)
    return cache.get(space.id) ?? loaded
  }

  async function effective(space: SpaceDescriptor): Promise<EffectiveSpaceSettings> {
    return effectiveSpaceSettings(deps.global(), await own(space))
  }

  return {
    own,
    effective,
    async state(space) {
      const mine = await own(space)
      return {
        canOverride: mine !== null,
        own: mine ?? EMPTY,
        effective: effectiveSpaceSettings(deps.global(), mine)
      }
    },
    update(space, input) {
      if (space.id === DEFAULT_SPACE_ID)
        throw new CairnError(
          'BAD_INPUT',
          'The "No project" memory follows Settings → Memory: change it there.'
        )
      const run = (queues.get(space.id) ?? Promise.resolve()).then(async () => {
        const current = (await own(space)) ?? EMPTY
        const next = SpaceSettingsSchema.parse(withSection(current, input))
        await ensurePrivateDir(space.stateDir)
        await writeFileDurably(
          join(space.stateDir, SPACE_SETTINGS_FILE),
          JSON.stringify(next, null, 2) + '\n'
        )
        cache.set(space.id, next)
        return effectiveSpaceSettings(deps.global(), next)
      })
      queues.set(
        space.id,
        run.catch(() => undefined)
      )
      return run
    },
    effectiveNow(id) {
      const mine = id === DEFAULT_SPACE_ID ? null : (cache.get(id) ?? EMPTY)
      return effectiveSpaceSettings(deps.global(), mine)
    },
    forget(id) {
      cache.delete(id)
      queues.delete(id)
    }
  }
}

function withSection(current: SpaceSettings, input: UpdateSpaceSettingsInput): SpaceSettings {
  const next: Record<string, unknown> = { ...current }
  if (input.value === null) delete next[input.section]
  else next[input.section] = input.value
  return next as SpaceSettings
}

const parse: JsonParse<SpaceSettings> = (raw) => {
  const parsed = SpaceSettingsSchema.safeParse(raw)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: firstIssue(parsed.error.issues, 'invalid values') }
}

import { SETTINGS_VERSION } from '@shared/app/settings'

type Raw = Record<string, unknown>
type Migration = (raw: Raw) => Raw

/*
 * Step N turns a version-N file into version N+1. A file without `version` is version 0: the
 * pre-release builds wrote the same fields without stamping them. Add a step whenever
 * SETTINGS_VERSION goes up; old files then walk up one step at a time.
 */
const steps: Record<number, Migration> = {
  0: (raw) => ({ ...raw, version: 1 })
}

export function migrateSettings(
  raw: unknown
): { ok: true; value: Raw } | { ok: false; reason: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'it does not hold a settings object' }
  }
  let value = raw as Raw
  let version = value.version === undefined ? 0 : value.version
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return { ok: false, reason: 'its version is not a number' }
  }
  if (version > SETTINGS_VERSION) {
    return { ok: false, reason: `it was written by a newer Cairn (settings version ${version})` }
  }
  while (version < SETTINGS_VERSION) {
    const step = steps[version]
    if (!step) return { ok: false, reason: `no migration from settings version ${version}` }
    value = step(value)
    version += 1
  }
  return { ok: true, value }
}

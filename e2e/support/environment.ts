import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { findElectronBinary } from '../../scripts/electron-binary.ts'

/*
 * What this machine offers the UI tests. With CI=true a missing browser or keychain is a failure;
 * on a developer machine it is a skip with a one-line reason.
 */

export const isCI = process.env.CI === 'true'
export const repoRoot = resolve(import.meta.dirname, '..', '..')

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run'
]

export function findChromium(): { path: string } | { reason: string } {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser'
  ].filter((path): path is string => Boolean(path))
  const found = candidates.find((path) => existsSync(path))
  return found
    ? { path: found }
    : {
        reason: `no Chromium at ${candidates.join(' or ')} (apt-get install chromium, or set CHROMIUM_PATH)`
      }
}

/**
 * Electron's binary, found exactly as `npm start` finds it (scripts/electron-binary.ts:
 * ELECTRON_EXEC_PATH, ELECTRON_OVERRIDE_DIST_PATH, then the package's path.txt), without starting a
 * download. `npm run test:e2e` runs scripts/ensure-electron.ts first, which downloads it when it can.
 */
export function findElectron(): { path: string } | { reason: string } {
  const found = findElectronBinary(repoRoot)
  return 'path' in found
    ? { path: found.path }
    : { reason: `${found.reason} (\`npm start\` downloads it on a machine with internet)` }
}

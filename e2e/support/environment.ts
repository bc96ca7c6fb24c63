import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

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

/** Locates Electron's binary without triggering the download that `require('electron')` would start. */
export function findElectron(): { path: string } | { reason: string } {
  const pkg = join(repoRoot, 'node_modules', 'electron')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const name =
    process.platform === 'win32'
      ? 'electron.exe'
      : process.platform === 'darwin'
        ? 'Electron.app/Contents/MacOS/Electron'
        : 'electron'
  if (override) {
    const path = join(override, name)
    return existsSync(path) ? { path } : { reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${name}` }
  }
  const pathFile = join(pkg, 'path.txt')
  if (existsSync(pathFile)) {
    const path = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
    if (existsSync(path)) return { path }
  }
  return {
    reason:
      'no Electron binary here (it downloads on the first `npm start` on a machine with internet)'
  }
}

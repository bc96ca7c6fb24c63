/*
 * Where the Electron binary is, asked the way the `electron` package answers it, without ever
 * starting its download. Shared by scripts/ensure-electron.ts (npm start/dev/dist/test:e2e) and the
 * Playwright config, so both agree on what "Electron is here" means.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'

export interface ElectronPackage {
  /** node_modules/electron of the project in `root`. */
  dir: string
  version: string
  require: NodeJS.Require
}

export function electronPackage(root: string): ElectronPackage {
  const require = createRequire(join(root, 'package.json'))
  const manifest = require.resolve('electron/package.json')
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  return { dir: dirname(manifest), version, require }
}

export type ElectronLookup =
  | { path: string }
  /** `pinned`: the user pointed at a binary (ELECTRON_EXEC_PATH / ELECTRON_OVERRIDE_DIST_PATH): never download over it. */
  | { reason: string; pinned: boolean }

/**
 * The binary electron-vite and Playwright should start, or why there is none. Mirrors the package's
 * own rules (index.js and install.js's isInstalled): ELECTRON_OVERRIDE_DIST_PATH wins; otherwise
 * path.txt names the binary inside dist/, and dist/version must be this package's version.
 * `require('electron')` is only called when it will not download, and its answer is the path.
 */
export function findElectronBinary(
  root: string,
  env: NodeJS.ProcessEnv = process.env
): ElectronLookup {
  const execPath = env.ELECTRON_EXEC_PATH
  if (execPath) {
    return existsSync(execPath)
      ? { path: execPath }
      : { reason: `ELECTRON_EXEC_PATH points at ${execPath}, which does not exist`, pinned: true }
  }
  const pkg = electronPackage(root)
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  if (override) {
    const path = packageAnswer(pkg)
    return existsSync(path)
      ? { path }
      : {
          reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${path} does not exist`,
          pinned: true
        }
  }
  const where = relative(root, pkg.dir) || pkg.dir
  const name = readOrEmpty(join(pkg.dir, 'path.txt'))
  if (!name || !existsSync(join(pkg.dir, 'dist', name))) {
    return { reason: `Electron ${pkg.version} is not downloaded yet (${where})`, pinned: false }
  }
  const installed = readOrEmpty(join(pkg.dir, 'dist', 'version')).replace(/^v/, '')
  if (installed !== pkg.version) {
    return {
      reason: `${where}/dist holds Electron ${installed || 'of unknown version'}, the package is ${pkg.version}`,
      pinned: false
    }
  }
  return { path: packageAnswer(pkg) }
}

function packageAnswer(pkg: ElectronPackage): string {
  const answer: unknown = pkg.require('electron')
  if (typeof answer !== 'string') throw new Error('the electron package did not answer a path')
  return answer
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return ''
  }
}

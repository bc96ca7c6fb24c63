/*
 * Makes sure the Electron binary is here before a tool looks for it (issue #11).
 *
 *   node scripts/ensure-electron.ts [--optional] [command args...]
 *
 * Electron 45 no longer downloads its binary at `npm install`, and electron-vite 6 only reads
 * node_modules/electron/path.txt ("Error: Electron uninstall" when it is missing). So: find the
 * binary as the electron package does; if it is missing, run the package's own installer
 * (install.js, its `install-electron` bin: @electron/get, its cache, checksums, mirrors, proxy) once;
 * then run the command with ELECTRON_EXEC_PATH, which electron-vite reads before path.txt.
 * When the download fails, print one message (what failed, what to do) and exit 1. With
 * --optional (the Playwright run) print one line and run the command anyway: its Electron project
 * is then skipped with a reason.
 */
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { electronPackage, findElectronBinary, type ElectronLookup } from './electron-binary.ts'

const GITHUB = 'https://github.com/electron/electron/releases/download/'

/*
 * install.js reports a failure as console.error(err.stack) then exit 1. This preload sends
 * console.error to fd 3, so the terminal gets our one message instead of a stack trace while the
 * installer's own progress line keeps the terminal.
 */
const INSTALL_HOOK =
  'data:text/javascript,' +
  encodeURIComponent(
    "import{writeSync}from'node:fs';import{format}from'node:util';" +
      "console.error=(...a)=>{writeSync(3,format(...a)+'\\n')}"
  )

export type Ensured = { path: string } | { failure: Failure }
export interface Failure {
  /** One line: what failed. */
  what: string
  /** Steps, one per line, without the final "run it again". */
  todo: string[]
}

/** The mirror @electron/get will use (its own precedence: npm config, package config, env). */
export function mirrorBase(env: NodeJS.ProcessEnv): string {
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    GITHUB
  )
}

export function ensureElectron(root: string, env: NodeJS.ProcessEnv = process.env): Ensured {
  const found = findElectronBinary(root, env)
  if ('path' in found) return found
  if (found.pinned) {
    return {
      failure: {
        what: found.reason,
        todo: ['Point it at an unpacked Electron, or unset it to let the download run.']
      }
    }
  }
  const pkg = electronPackage(root)
  const mirror = mirrorBase(env)
  console.log(
    `Electron ${pkg.version} is not downloaded yet: fetching it once from ${mirror} ` +
      '(about 100 MB; later starts skip this)…'
  )
  const install = spawnSync(
    process.execPath,
    ['--import', INSTALL_HOOK, join(pkg.dir, 'install.js')],
    { cwd: pkg.dir, env, stdio: ['ignore', 'inherit', 'inherit', 'pipe'] }
  )
  const reported = install.output?.[3]?.toString().trim() ?? ''
  if (install.error || install.status !== 0) {
    return { failure: explain(reported || String(install.error ?? ''), mirror, pkg.version) }
  }
  const after: ElectronLookup = findElectronBinary(root, env)
  if ('path' in after) {
    console.log(`Electron ${pkg.version} is ready: ${after.path}`)
    return after
  }
  return {
    failure: {
      what: `the electron package's installer finished, but ${after.reason}`,
      todo: ['Delete node_modules/electron and run `npm install`.']
    }
  }
}

/** Maps what install.js reported (the first line of its error) to one message. */
export function explain(reported: string, mirror: string, version: string): Failure {
  const first = reported.split('\n')[0]?.trim() || 'the installer exited without a reason'
  const retry = [
    `Behind a proxy: set ELECTRON_GET_USE_PROXY=true and HTTPS_PROXY=http://host:port.`,
    mirror === GITHUB
      ? "Where github.com is blocked: set ELECTRON_MIRROR to a mirror of Electron's releases " +
        '(e.g. https://npmmirror.com/mirrors/electron/; ELECTRON_CUSTOM_DIR sets its per-version ' +
        'folder, default v{{ version }}), or electron_mirror in .npmrc.'
      : `The mirror comes from ELECTRON_MIRROR (or electron_mirror in .npmrc): check it, or unset it to download from github.com.`,
    'To keep the download in a folder of your choice (or reuse one), set electron_config_cache.',
    `Without network: set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron ${version}.`
  ]
  const http = /Response code (\d+ \([^)]*\)) for (\S+)/.exec(first)
  if (http) {
    return {
      what: `the download server answered ${http[1]} for ${http[2]}`,
      todo: ['Check ELECTRON_MIRROR and ELECTRON_CUSTOM_DIR (or electron_mirror in .npmrc).']
    }
  }
  if (/checksum/i.test(first)) {
    return {
      what: `the download did not match Electron's published checksum (${first})`,
      todo: ['A proxy or mirror changed the file: use another mirror or no proxy.', ...retry]
    }
  }
  if (/fetch failed|ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|socket|network/i.test(first)) {
    return {
      what: `could not reach ${mirror} (${first}): offline, a proxy, or a blocked host`,
      todo: ['Check the connection.', ...retry]
    }
  }
  return { what: first, todo: retry }
}

export function failureMessage(failure: Failure, version: string, command: string): string {
  return [
    `Cannot run without the Electron ${version} binary: ${failure.what}.`,
    ...failure.todo.map((step) => `  - ${step}`),
    `Then run \`${command}\` again.`
  ].join('\n')
}

/** The npm command that brought us here, for "run it again". */
function npmCommand(env: NodeJS.ProcessEnv): string {
  const event = env.npm_lifecycle_event
  if (!event) return 'npm start'
  return event === 'start' || event === 'test' ? `npm ${event}` : `npm run ${event}`
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32'
  })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    })
  }
  child.on('error', (error) => {
    console.error(`Could not run ${command}: ${error.message}`)
    process.exit(1)
  })
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

function main(argv: string[]): void {
  const optional = argv[0] === '--optional'
  const [command, ...args] = optional ? argv.slice(1) : argv
  const root = process.cwd()
  const ensured = ensureElectron(root)
  const env = { ...process.env }
  if ('path' in ensured) {
    env.ELECTRON_EXEC_PATH = ensured.path
  } else if (optional) {
    console.log(`No Electron binary for the Electron UI project: ${ensured.failure.what}.`)
  } else {
    const { version } = electronPackage(root)
    console.error(failureMessage(ensured.failure, version, npmCommand(process.env)))
    process.exit(1)
  }
  if (command) run(command, args, env)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2))

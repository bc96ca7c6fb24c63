import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { explain } from '../ensure-electron.ts'
import { cleanEnv, closedPort, listing, repoRoot, run } from './run-npm'

/*
 * Issue #11, item 2: when the download cannot happen, `npm start` ends with one message (what
 * failed, what to do), not a stack trace. The download really runs (the electron package's own
 * installer) against a mirror on a closed port of 127.0.0.1. It runs in a temp project holding a
 * copy of the electron package, so the shared node_modules/electron is never touched (and a
 * machine that already has the binary still exercises the download).
 */
const temp = mkdtempSync(join(tmpdir(), 'cairn-electron-offline-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

function projectWithElectronCopy(): string {
  const project = join(temp, 'project')
  const modules = join(project, 'node_modules')
  const real = join(repoRoot, 'node_modules')
  cpSync(join(real, 'electron'), join(modules, 'electron'), {
    recursive: true,
    filter: (source) => !/[\\/]electron[\\/](dist|path\.txt)/.test(source)
  })
  // The installer's own dependencies (@electron/get, the extractor), as installed.
  for (const scope of ['@electron', '@electron-internal']) {
    symlinkSync(join(real, scope), join(modules, scope), 'junction')
  }
  // `npm start` exactly as the project defines it, with the script path made absolute.
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const start = (scripts.start ?? '').replace('scripts/', `${join(repoRoot, 'scripts')}/`)
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'offline', private: true, type: 'module', scripts: { start } })
  )
  return project
}

// Skipped on Windows: `run` spawns `npm` without a shell (Windows has only npm.cmd) and the
// start script's path is joined with '/'.
test.skipIf(process.platform === 'win32')(
  'offline, npm start ends with one message: what failed, the variables to set, how to retry',
  async () => {
    const project = projectWithElectronCopy()
    const cache = join(temp, 'electron-cache')
    mkdirSync(cache)
    const mirror = `http://127.0.0.1:${await closedPort()}/`
    const before = listing(join(project, 'node_modules', 'electron'))
    const { version } = JSON.parse(
      readFileSync(join(project, 'node_modules', 'electron', 'package.json'), 'utf8')
    ) as { version: string }

    const ran = await run('npm', ['start'], {
      cwd: project,
      env: cleanEnv({ ELECTRON_MIRROR: mirror, electron_config_cache: cache })
    })
    console.log(`npm start exited ${ran.code}\n--- stderr\n${ran.stderr}`)

    expect(ran.code).not.toBe(0)
    expect(ran.stdout).toContain(`fetching it once from ${mirror}`)
    expect(ran.stderr).toContain(
      `Cannot run without the Electron ${version} binary: could not reach ${mirror}`
    )
    for (const advice of [
      'ELECTRON_MIRROR',
      'ELECTRON_GET_USE_PROXY=true and HTTPS_PROXY',
      'electron_config_cache',
      'ELECTRON_OVERRIDE_DIST_PATH',
      'Then run `npm start` again.'
    ]) {
      expect(ran.stderr).toContain(advice)
    }
    // One message, no stack trace, and it stopped before building.
    expect(ran.stderr).not.toMatch(/^\s+at /m)
    expect(ran.stdout).not.toContain('building')
    // Nothing half-installed, nothing cached.
    expect(listing(join(project, 'node_modules', 'electron'))).toEqual(before)
    expect(listing(cache)).toEqual([])
  }
)

describe('explain', () => {
  const github = 'https://github.com/electron/electron/releases/download/'

  test('an HTTP answer names the status and the URL', () => {
    const url = `${github}v45.4.1/electron-v45.4.1-linux-x64.zip`
    const failure = explain(`HTTPError: Response code 404 (Not Found) for ${url}`, github, '45.4.1')
    expect(failure.what).toBe(`the download server answered 404 (Not Found) for ${url}`)
    expect(failure.todo.join(' ')).toContain('ELECTRON_MIRROR')
  })

  test('from github.com, the advice offers a mirror', () => {
    const failure = explain('TypeError: fetch failed\n    at x (y.js:1:1)', github, '45.4.1')
    expect(failure.what).toContain(`could not reach ${github} (TypeError: fetch failed)`)
    expect(failure.todo.join(' ')).toContain('Where github.com is blocked: set ELECTRON_MIRROR')
  })
})

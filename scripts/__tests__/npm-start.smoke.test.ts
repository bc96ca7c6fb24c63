import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync
} from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { cleanEnv, closedPort, listing, repoRoot, run } from './run-npm'

/*
 * Issue #11: the real `npm start` chain (ensure-electron → electron-vite preview → build → start
 * Electron) against a stand-in Electron binary given through ELECTRON_OVERRIDE_DIST_PATH. It must
 * reach the stand-in with the freshly built app and download nothing.
 */
const temp = mkdtempSync(join(tmpdir(), 'cairn-npm-start-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

// Skipped on Windows: the stand-in Electron binary is a POSIX shell script (chmod +x).
test.skipIf(process.platform === 'win32')(
  'npm start builds the app and starts the Electron binary it was given, downloading nothing',
  async () => {
    const dist = join(temp, 'electron-dist')
    const cache = join(temp, 'electron-cache')
    const record = join(temp, 'started-with.txt')
    mkdirSync(dist)
    mkdirSync(cache)
    writeFileSync(
      join(dist, 'electron'),
      `#!/bin/sh\nprintf '%s\\n' "$PWD" "$@" > '${record}'\nexit 0\n`
    )
    chmodSync(join(dist, 'electron'), 0o755)
    const electronPackage = join(repoRoot, 'node_modules', 'electron')
    const before = listing(electronPackage)
    const startedAt = Date.now()

    const ran = await run('npm', ['start'], {
      cwd: repoRoot,
      env: cleanEnv({
        ELECTRON_OVERRIDE_DIST_PATH: dist,
        electron_config_cache: cache,
        // Should anything try to download, it fails at once instead of reaching the internet.
        ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`
      })
    })
    console.log(`npm start exited ${ran.code}\n--- stdout\n${ran.stdout}--- stderr\n${ran.stderr}`)

    expect(ran.code).toBe(0)
    // The chain reached the stand-in: started in the project with "." (package.json "main")...
    expect(existsSync(record)).toBe(true)
    const [cwd, ...args] = readFileSync(record, 'utf8').trim().split('\n')
    expect(cwd).toBe(repoRoot)
    expect(args).toEqual(['.'])
    // ...after building the app it points at.
    for (const entry of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
      expect(statSync(join(repoRoot, entry)).mtimeMs).toBeGreaterThanOrEqual(startedAt - 1000)
    }
    // Nothing was downloaded: no install attempt, the package untouched, the cache empty.
    expect(ran.stdout).not.toMatch(/not downloaded yet|Downloading/)
    expect(listing(electronPackage)).toEqual(before)
    expect(listing(cache)).toEqual([])
  }
)

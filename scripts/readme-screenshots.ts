/*
 * Refreshes the README's screenshots (docs/screenshots/*.png) from the real UI: builds the app,
 * then runs the look spec in the browser harness, which copies its chosen captures there.
 * Run it inside a D-Bus session with a keychain (see README) so the key status reads as it would.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const out = resolve(root, 'docs', 'screenshots')
mkdirSync(out, { recursive: true })
const run = (args: string[], env: NodeJS.ProcessEnv = process.env): void => {
  const result = spawnSync('npx', args, {
    cwd: root,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32' // npx is a .cmd there
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
run(['electron-vite', 'build'])
run(['playwright', 'test', 'e2e/look.spec.ts', '--output', 'test-results/screenshots'], {
  ...process.env,
  CAIRN_README_SCREENSHOTS: out
})
console.log(`README screenshots written to ${out}`)

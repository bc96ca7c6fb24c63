import { defineConfig, type Project } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium, findElectron } from './e2e/support/environment'

/*
 * The same specs run two ways: in Chromium through the browser harness (everywhere, CI included)
 * and in real Electron when its binary is present. e2e/global-setup.ts prints why a way is skipped
 * (or, with CI=true, fails when the browser is missing).
 */
const chromium = findChromium()
const electron = findElectron()

const projects: Project[] = []
if ('path' in chromium) {
  projects.push({
    name: 'browser',
    use: {
      browserName: 'chromium',
      launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS }
    }
  })
}
if ('path' in electron) projects.push({ name: 'electron' })

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  tsconfig: './tsconfig.node.json',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A hang guard, not a speed bound: on two cores under full load (a CI run beside eight busy
  // processes), tests of 5–15 s quiet took 33–35 s and tripped a 30 s guard with nothing wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // CI also keeps a JSON report: .ci/run prints the slowest specs from it.
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    // A failed test keeps its trace: every action with the DOM before and after it, console and
    // network. Not the screencast: encoding frames all through every test cost more CPU than
    // anything else the harness does (a 20-save spec took twice as long), and the failure
    // screenshot plus the DOM snapshots show what it showed. `--trace on` brings it back locally.
    trace: { mode: 'retain-on-failure', snapshots: true, screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000
  },
  projects
})

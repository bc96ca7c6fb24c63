import { resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
import base from '../playwright.config'

// bench:tidy-review runs its one file through the e2e harness (the same fixture and browser
// project), kept out of the e2e suite: it prints figures and asserts none of them.
const repo = resolve(import.meta.dirname, '..')

export default defineConfig({
  ...base,
  testDir: resolve(repo, 'bench'),
  testMatch: 'tidy-review.bench.ts',
  tsconfig: resolve(repo, 'tsconfig.node.json'),
  globalSetup: resolve(repo, 'e2e/global-setup.ts'),
  outputDir: resolve(repo, 'test-results/bench-tidy-review'),
  workers: 1,
  reporter: [['list']],
  // No trace: its DOM snapshots run on the page's main thread and would be the long tasks measured.
  use: { ...base.use, trace: 'off' },
  projects: base.projects?.filter((project) => project.name === 'browser')
})

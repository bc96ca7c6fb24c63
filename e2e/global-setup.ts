import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildPageBridge } from './harness/build-page-bridge'
import { findChromium, findElectron, isCI, repoRoot } from './support/environment'

export default async function globalSetup(): Promise<void> {
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) {
    throw new Error(
      'out/renderer is missing: run `npm run build` first (npm run test:e2e does it for you).'
    )
  }
  const chromium = findChromium()
  if ('reason' in chromium) {
    if (isCI) throw new Error(`CI=true but ${chromium.reason}`)
    console.log(`e2e browser harness skipped: ${chromium.reason}`)
  } else {
    console.log(`e2e browser harness: Chromium at ${chromium.path}`)
  }
  const electron = findElectron()
  console.log(
    'path' in electron
      ? `e2e electron: ${electron.path}`
      : `e2e electron skipped: ${electron.reason}`
  )
  await buildPageBridge()
}

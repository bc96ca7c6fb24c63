import { join, resolve } from 'node:path'
import { build } from 'vite'
import { repoRoot } from '../support/environment'

export const PAGE_BRIDGE_FILE = join(repoRoot, '.e2e-artifacts', 'page-bridge.js')

/** Bundles the page side of the harness (the shared bridge builder included) into one script. */
export async function buildPageBridge(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repoRoot,
    resolve: { alias: { '@shared': resolve(repoRoot, 'src/shared') } },
    build: {
      outDir: join(repoRoot, '.e2e-artifacts'),
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: join(repoRoot, 'e2e/harness/page-bridge.ts'),
        formats: ['iife'],
        name: 'CairnPageBridge',
        fileName: () => 'page-bridge.js'
      }
    }
  })
}

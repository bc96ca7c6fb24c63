// Bundles a TypeScript entry for plain Node with vite (path aliases and dependencies included,
// Node built-ins and native packages external) into `outDir`; returns the bundle's path. Child
// processes cannot load TypeScript with `@shared/...` imports: benches, scripts and tests use it.
import { builtinModules } from 'node:module'
import { basename, join, resolve } from 'node:path'
import { build } from 'vite'

const repoRoot = resolve(import.meta.dirname, '..')
// Native packages (sharp, pulled in by attachments) cannot be bundled: they stay external and
// load from the repository's node_modules, so the bundle must be written inside the repository.
const NATIVE = ['sharp']
// Loaded from node_modules as they are: a browser driver and a bundler do not bundle.
const AS_INSTALLED = ['@playwright/test', 'playwright', 'playwright-core', 'vite']

export async function bundleForNode(
  entry: string,
  outDir: string,
  fileName = `${basename(entry).replace(/\.ts$/, '')}.mjs`
): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repoRoot,
    resolve: { alias: { '@shared': resolve(repoRoot, 'src/shared') } },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node22',
      rolldownOptions: {
        input: resolve(entry),
        external: [
          ...builtinModules,
          ...builtinModules.map((name) => `node:${name}`),
          ...NATIVE,
          ...AS_INSTALLED
        ],
        output: { format: 'es', entryFileNames: fileName }
      }
    }
  })
  return join(outDir, fileName)
}

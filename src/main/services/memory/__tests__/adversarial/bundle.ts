import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll } from 'vitest'
import { makeSandbox, removeSandbox, type Sandbox } from './helpers'

const repoRoot = resolve(import.meta.dirname, '../../../../../..')

/**
 * Bundles a TypeScript entry (path aliases and all dependencies included) into one ES module that
 * plain `node` can run: child processes cannot load TypeScript with `@shared/...` imports.
 */
export async function bundleForNode(
  entry: string,
  outDir: string,
  fileName: string
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
        input: entry,
        external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
        output: { format: 'es', entryFileNames: fileName }
      }
    }
  })
  return join(outDir, fileName)
}

/**
 * Bundles a fixture once for the tests of this file (into its own sandbox, removed afterwards);
 * the returned function gives the script's path once `beforeAll` has run.
 */
export function useBundledFixture(entry: string, prefix: string): () => string {
  let sandbox: Sandbox | undefined
  let script = ''
  beforeAll(async () => {
    sandbox = await makeSandbox(prefix)
    const name = `${prefix.replace(/-+$/, '')}.mjs`
    script = await bundleForNode(entry, join(sandbox.base, 'bundle'), name)
  }, 60_000)
  afterAll(async () => {
    if (sandbox) await removeSandbox(sandbox)
  })
  return () => script
}

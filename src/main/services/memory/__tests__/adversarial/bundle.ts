import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { build } from 'vite'

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

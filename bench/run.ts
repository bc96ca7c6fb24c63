// Runs a TypeScript benchmark on plain Node: bundles it with vite (path aliases and dependencies
// included, Node built-ins external) into a temp folder, then runs the bundle in a fresh process.
// Usage: node bench/run.ts bench/memory.bench.ts [args...]
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { basename, join, resolve } from 'node:path'
import { build } from 'vite'

const repoRoot = resolve(import.meta.dirname, '..')
const [entryArg, ...args] = process.argv.slice(2)
if (!entryArg) {
  console.error('usage: node bench/run.ts <bench file> [args...]')
  process.exit(2)
}
const entry = resolve(entryArg)
// Native packages (sharp, pulled in by attachments) cannot be bundled: they stay external and
// load from the repository's node_modules, so the bundle is written inside the repository.
const NATIVE = ['sharp']
mkdirSync(join(repoRoot, 'out'), { recursive: true })
const outDir = mkdtempSync(join(repoRoot, 'out', 'bench-build-'))
const fileName = `${basename(entry).replace(/\.ts$/, '')}.mjs`

try {
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
        external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`), ...NATIVE],
        output: { format: 'es', entryFileNames: fileName }
      }
    }
  })
  const run = spawnSync(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--expose-gc',
      join(outDir, fileName),
      ...args
    ],
    {
      stdio: 'inherit'
    }
  )
  process.exitCode = run.status ?? 1
} finally {
  rmSync(outDir, { recursive: true, force: true })
}

// Runs a TypeScript benchmark (or script) on plain Node: bundles it with vite (bench/bundle.ts)
// into a temp folder inside the repository, then runs the bundle in a fresh process.
// Usage: node bench/run.ts bench/memory.bench.ts [args...]
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { bundleForNode } from './bundle.ts'

const repoRoot = resolve(import.meta.dirname, '..')
const [entryArg, ...args] = process.argv.slice(2)
if (!entryArg) {
  console.error('usage: node bench/run.ts <bench file> [args...]')
  process.exit(2)
}
mkdirSync(join(repoRoot, 'out'), { recursive: true })
const outDir = mkdtempSync(join(repoRoot, 'out', 'bench-build-'))

try {
  const bundle = await bundleForNode(resolve(entryArg), outDir)
  const run = spawnSync(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--expose-gc',
      bundle,
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

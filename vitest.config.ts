import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = { '@shared': resolve('src/shared'), '@renderer': resolve('src/renderer/src') }

export default defineConfig({
  resolve: { alias },
  test: {
    // One file per core (Vitest's default leaves one idle: on CI's two cores, half the machine).
    maxWorkers: availableParallelism(),
    // CI also keeps a JSON report: .ci/run prints the slowest files from it.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'reports/unit.json' }]]
      : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'main',
          environment: 'node',
          include: [
            'src/main/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/preload/**/*.test.ts',
            // The opt-in benches' committed parts (generators, scoring); never the benches.
            'bench/**/*.test.ts'
          ],
          testTimeout: 20_000
        }
      },
      {
        test: {
          // The npm scripts' own chain (build included) in child processes: slow, and one at a time.
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 240_000,
          fileParallelism: false
        }
      },
      {
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          // Budgets for a busy machine: findBy*/waitFor wait up to 10 s for their state.
          testTimeout: 20_000,
          setupFiles: ['src/renderer/src/test-setup.ts']
        }
      }
    ]
  }
})

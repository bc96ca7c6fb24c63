import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

/*
 * The end of `.ci/run`: where the time went. Reads the steps file .ci/run wrote (ms TAB name per
 * line) and the JSON reports the test runners keep under CI (reports/unit.json, reports/e2e.json),
 * and prints the total, every step, and the ten slowest test files of either suite.
 *   node scripts/ci-timings.ts <steps file>
 */

interface Timed {
  ms: number
  name: string
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`.padStart(9)
const table = (rows: Timed[]): string =>
  rows.map((row) => `${seconds(row.ms)}  ${row.name}`).join('\n')

function readSteps(path: string): Timed[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [ms, ...name] = line.split('\t')
      return { ms: Number(ms), name: name.join('\t') }
    })
}

interface VitestReport {
  testResults: Array<{ name: string; startTime: number; endTime: number }>
}

/** Each unit test file's own time (Vitest's JSON report). */
function unitFiles(path: string): Timed[] {
  const report = JSON.parse(readFileSync(path, 'utf8')) as VitestReport
  return report.testResults.map((file) => ({
    ms: file.endTime - file.startTime,
    name: `unit  ${relative(process.cwd(), file.name)}`
  }))
}

interface PlaywrightSuite {
  file: string
  specs: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>
  suites?: PlaywrightSuite[]
}

/** Each spec file's time, its tests' durations summed (Playwright's JSON report). */
function e2eFiles(path: string): Timed[] {
  const report = JSON.parse(readFileSync(path, 'utf8')) as { suites: PlaywrightSuite[] }
  const byFile = new Map<string, number>()
  const walk = (suite: PlaywrightSuite): void => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        for (const result of test.results)
          byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + result.duration)
    suite.suites?.forEach(walk)
  }
  report.suites.forEach(walk)
  return [...byFile].map(([file, ms]) => ({ ms, name: `e2e   e2e/${file}` }))
}

const stepsFile = process.argv[2]
if (!stepsFile) {
  console.error('usage: node scripts/ci-timings.ts <steps file>')
  process.exit(2)
}
const steps = readSteps(stepsFile)
const total = steps.reduce((sum, step) => sum + step.ms, 0)
console.log(`\n==> where the time went: ${seconds(total).trim()} in all`)
console.log(table([...steps].sort((a, b) => b.ms - a.ms)))

const files = [
  ...(existsSync('reports/unit.json') ? unitFiles('reports/unit.json') : []),
  ...(existsSync('reports/e2e.json') ? e2eFiles('reports/e2e.json') : [])
]
if (files.length > 0) {
  console.log(
    '\nthe ten slowest test files (unit: wall time; e2e: its tests summed, two at a time)'
  )
  console.log(table(files.sort((a, b) => b.ms - a.ms).slice(0, 10)))
}

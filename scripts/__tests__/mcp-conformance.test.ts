import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bundleForNode } from '../../bench/bundle'
import { cleanEnv, repoRoot, run } from './run-npm'

/*
 * The official MCP conformance suite (client mode) against Cairn's MCP connection code, through
 * `npm run -s mcp:conformance-client` as the suite runs it: every client scenario that is not
 * draft or an extension. Each one passes today and must keep passing. A new suite version that
 * adds a scenario fails the first test until it is added here (and passes, or is explained).
 * The npm script bundles the client on each run; one scenario goes through it, the others run
 * the same client bundled once here, so the file costs seconds rather than minutes.
 */

const PASSING = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback'
]

const SUITE = join(
  repoRoot,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js'
)
const results = mkdtempSync(join(tmpdir(), 'cairn-mcp-conformance-'))
let bundled = ''
beforeAll(async () => {
  mkdirSync(join(repoRoot, 'out'), { recursive: true })
  const outDir = mkdtempSync(join(repoRoot, 'out', 'mcp-conformance-'))
  bundled = await bundleForNode(join(repoRoot, 'scripts', 'mcp-conformance-client.ts'), outDir)
})
afterAll(() => {
  rmSync(results, { recursive: true, force: true })
  if (bundled) rmSync(join(bundled, '..'), { recursive: true, force: true })
})
// The suite needs Node ≥ 22: this process's (the project's Node 24), first on PATH for npm too.
const suite = (args: string[]) =>
  run(process.execPath, [SUITE, ...args], { cwd: repoRoot, env: cleanEnv({}) })

describe('MCP conformance suite, client scenarios', () => {
  test('the suite lists exactly these scenarios outside draft and extension', async () => {
    const listed = await suite(['list', '--client'])
    expect(listed.code).toBe(0)
    const active = [...listed.stdout.matchAll(/^\s+- (\S+) \[([^\]]*)\]$/gm)]
      .filter(([, , versions]) => !/draft|extension/.test(versions ?? ''))
      .map(([, name]) => name)
    expect(active).toEqual(PASSING)
  })

  test.each(PASSING)('%s passes', async (scenario) => {
    const command =
      scenario === 'initialize'
        ? 'npm run -s mcp:conformance-client --'
        : `"${process.execPath}" "${bundled}"`
    const ran = await suite([
      'client',
      '--command',
      command,
      '--scenario',
      scenario,
      '--output-dir',
      results
    ])
    const output = `${ran.stdout}\n${ran.stderr}`
    expect(output, output).toContain('OVERALL: PASSED')
    expect(ran.code).toBe(0)
  })
})

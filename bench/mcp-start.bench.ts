// App start to an interactive composer with 10 configured stdio MCP servers vs none (issue 37
// §5), in the browser harness: the real main-side services (e2e/harness/main-side.ts) and the
// built renderer in Chromium, as the e2e specs run it. Run with `npm run bench:mcp-start` after
// `npx electron-vite build`. Figures only: nothing here asserts on time.
//   start = createServices (which reads the servers file) -> the page loaded (then the servers
//           start in the background, as main starts them) -> New chat clicked as soon as it can
//           be -> "Message Claude" visible and enabled.
// The two setups alternate, each start on a fresh data folder. Environment: BENCH_REPS (starts
// per setup, default 10).
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import type { McpServerConfig } from '@shared/mcp/servers'
import { startFakeAnthropic, type FakeAnthropic } from '../e2e/fake-anthropic'
import { buildPageBridge, PAGE_BRIDGE_FILE } from '../e2e/harness/build-page-bridge'
import { startMainSide, type MainSide } from '../e2e/harness/main-side'
import { serveDirectory } from '../e2e/harness/static-server'
import { CHROMIUM_ARGS, findChromium, repoRoot } from '../e2e/support/environment'
import { heldTimers } from '../src/main/services/background-timers'
import { createServersFile } from '../src/main/services/mcp/servers-file'
import type { Keychain } from '../src/main/services/secrets/keychain'
import { KEYCHAIN_ACCOUNT } from '../src/main/services/secrets/secrets-service'
import { writeManyToolsServer } from './mcp-rig'
import { median, percentile } from './stats'

const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 10))
const WARMUP = 2
const SERVERS = 10
const TOOLS_PER_SERVER = 50
const KEYCHAIN_SERVICE = 'Cairn-bench-start'

/** The key chat finds at start, so the app opens on a chat with its composer (no welcome). */
function memoryKeychain(): Keychain {
  const entries = new Map<string, string>([[KEYCHAIN_ACCOUNT, 'sk-ant-bench-0000']])
  return {
    getPassword: async (_service, account) => entries.get(account) ?? null,
    setPassword: async (_service, account, value) => void entries.set(account, value),
    deletePassword: async (_service, account) => entries.delete(account)
  }
}

interface Start {
  ms: number
  /** Servers already connected when the composer was ready. */
  connectedAtReady: number
}

async function startOnce(
  browser: Browser,
  rendererUrl: string,
  fake: FakeAnthropic,
  servers: McpServerConfig[]
): Promise<Start> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'cairn-bench-start-'))
  const keychain = memoryKeychain()
  if (servers.length > 0)
    await createServersFile({ dir: userDataDir, keychain, keychainService: KEYCHAIN_SERVICE }).save(
      { servers, toolApproval: {} }
    )
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  let main: MainSide | null = null
  await page.exposeBinding('__cairnInvoke', async (source, channel: unknown, input: unknown) => {
    if (!main) throw new Error('main side is not running')
    return main.invoke(channel, input, {
      url: source.frame.url(),
      isTopLevel: source.frame === source.page.mainFrame()
    })
  })
  await page.addInitScript({ path: PAGE_BRIDGE_FILE })
  try {
    const started = performance.now()
    main = await startMainSide({
      userDataDir,
      rendererUrl,
      keychain,
      keychainService: KEYCHAIN_SERVICE,
      anthropic: { baseURL: fake.url },
      background: heldTimers(),
      claudeDesktopConfig: join(userDataDir, 'no-claude-desktop.json')
    })
    await page.goto(rendererUrl)
    // As main does once the window has loaded (src/main/index.ts).
    void main.services.mcp.start()
    // A fresh data folder opens on "No conversation yet": the user's first act is New chat.
    await page
      .getByRole('tabpanel', { name: 'Chat' })
      .getByRole('button', { name: 'New chat', exact: true })
      .click()
    await page
      .getByRole('textbox', { name: 'Message Claude', disabled: false })
      .waitFor({ state: 'visible' })
    const ms = performance.now() - started
    const connectedAtReady = main.services.mcp
      .overview()
      .servers.filter((s) => s.status.state === 'connected').length
    // Every server did start (the setup is what it says), after the composer was ready.
    await allConnected(main, servers.length)
    return { ms, connectedAtReady }
  } finally {
    await page.close()
    await main?.dispose()
    await rm(userDataDir, { recursive: true, force: true })
  }
}

function allConnected(main: MainSide, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const states = main.services.mcp.overview().servers.map((s) => s.status)
      const failed = states.find((s) => s.state === 'failed')
      if (failed) {
        off()
        reject(new Error(`MCP server ${failed.id} failed: ${failed.error}`))
      } else if (states.filter((s) => s.state === 'connected').length === count) {
        off()
        resolve()
      }
    }
    const off = main.services.mcp.onChange(check)
    check()
  })
}

const ms = (value: number): string => `${value.toFixed(1)} ms`

async function main(): Promise<void> {
  const found = findChromium()
  if (!('path' in found)) throw new Error(found.reason)
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html')))
    throw new Error('out/renderer is missing: run `npx electron-vite build` first.')
  await buildPageBridge()
  console.log('mcp start bench: app start to an interactive composer, 10 stdio servers vs none')
  console.log(
    `  ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, node ${process.version}, Chromium ${found.path}`
  )
  const dir = await mkdtemp(join(tmpdir(), 'cairn-bench-start-servers-'))
  const server = await writeManyToolsServer(dir, TOOLS_PER_SERVER)
  const servers: McpServerConfig[] = Array.from({ length: SERVERS }, (_, n) => ({
    id: `tools${n}`,
    name: `Server ${n}`,
    enabled: true,
    transport: { type: 'stdio', command: process.execPath, args: [server], env: {} }
  }))
  const renderer = await serveDirectory(join(repoRoot, 'out', 'renderer'))
  const fake = await startFakeAnthropic()
  const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS })
  const runs = { ten: [] as Start[], none: [] as Start[] }
  try {
    for (let rep = 0; rep < WARMUP + REPS; rep++) {
      // Alternating who goes first, so drift in machine load hits both alike.
      const order = rep % 2 === 0 ? (['ten', 'none'] as const) : (['none', 'ten'] as const)
      for (const setup of order) {
        const start = await startOnce(browser, renderer.url, fake, setup === 'ten' ? servers : [])
        if (rep >= WARMUP) runs[setup].push(start)
      }
    }
  } finally {
    await browser.close()
    await fake.close()
    await renderer.close()
    await rm(dir, { recursive: true, force: true })
  }
  const ten = runs.ten.map((s) => s.ms)
  const none = runs.none.map((s) => s.ms)
  const paired = median(ten.map((t, i) => t / none[i]!))
  console.log('')
  console.log(`start: ${REPS} starts per setup after ${WARMUP} warm-ups, alternating`)
  console.log(`  ${''.padEnd(24)} ${'10 servers'.padStart(10)} ${'none'.padStart(10)}`)
  console.log(
    `  ${'p50'.padEnd(24)} ${ms(median(ten)).padStart(10)} ${ms(median(none)).padStart(10)}`
  )
  console.log(
    `  ${'p95'.padEnd(24)} ${ms(percentile(ten, 0.95)).padStart(10)} ${ms(percentile(none, 0.95)).padStart(10)}`
  )
  console.log(
    `  ratio ${(median(ten) / median(none)).toFixed(3)}x (medians), ${paired.toFixed(3)}x (median per pair). Target: <= 1.05x.`
  )
  const early = runs.ten.map((s) => s.connectedAtReady)
  console.log(
    `  servers connected when the composer was ready: median ${median(early)} of ${SERVERS} (max ${Math.max(...early)}); all ${SERVERS} connected after, every start.`
  )
}

await main()

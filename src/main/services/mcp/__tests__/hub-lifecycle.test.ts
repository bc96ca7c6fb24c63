import { readFile, writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useTempDir } from '../../__tests__/helpers'
import type { McpHub } from '../hub'
import { makeHub, stdioConfig, waitForStatus, writeFixtureServer } from './mcp-test-kit'

// What keeps a server from costing more than one chip: bounded starts and calls, restarts on
// demand, and a new config applied without disturbing what did not change.
const node = process.execPath
const tempDir = useTempDir('cairn-mcp-life-')
let hub: McpHub | undefined
afterEach(async () => {
  await hub?.dispose()
  hub = undefined
})
const signal = (): AbortSignal => new AbortController().signal
const starts = async (logFile: string | null): Promise<number> =>
  ((await readFile(logFile!, 'utf8')).match(/fixture started/g) ?? []).length

describe('MCP hub lifecycle', () => {
  it('starts servers one after another: the next once the one before has connected or failed', async () => {
    const dir = tempDir()
    const pidFile = join(dir, 'first.pid')
    const saw = join(dir, 'second-saw')
    // The first never answers (it fails at the connect timeout, its process ended); the second,
    // a working server, notes whether the first's process was still there when it started.
    const first = `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1e6)`
    const second = join(dir, 'second.mjs')
    await writeFile(
      second,
      `import { readFileSync, writeFileSync } from 'node:fs'
let first = 'not started'
try {
  const pid = Number(readFileSync(${JSON.stringify(pidFile)}, 'utf8'))
  try { process.kill(pid, 0); first = 'running' } catch { first = 'ended' }
} catch {}
writeFileSync(${JSON.stringify(saw)}, first)
await import(${JSON.stringify(pathToFileURL(await writeFixtureServer(dir)).href)})
`
    )
    hub = makeHub(join(dir, 'logs'), { connectTimeoutMs: 3000, staggerMs: 60_000 })
    hub.configure([
      stdioConfig('first', node, ['-e', first]),
      stdioConfig('second', node, [second])
    ])
    await waitForStatus(hub, 'second', (s) => s.state === 'connected')
    expect(hub.status().find((s) => s.id === 'first')?.state).toBe('failed')
    expect(await readFile(saw, 'utf8')).toBe('ended')
  })

  it('gives up on a server that never answers, says so, and ends its process', async () => {
    hub = makeHub(join(tempDir(), 'logs'), { connectTimeoutMs: 300 })
    const silent = "console.error('pid ' + process.pid); setInterval(() => {}, 1e6)"
    hub.configure([stdioConfig('silent', node, ['-e', silent])])
    const failed = await waitForStatus(hub, 'silent', (s) => s.state === 'failed')
    expect(failed.error).toMatch(/^Server silent did not answer within 1 second\. Check that/)
    const pid = Number(/pid (\d+)/.exec(failed.stderrTail.join('\n'))?.[1])
    expect(pid).toBeGreaterThan(0)
    expect(() => process.kill(pid, 0)).toThrow()
  })

  it('reads a server that dies while starting as a failed start, not a crash to restart', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    const config = stdioConfig('dying', node, [script])
    if (config.transport.type === 'stdio') config.transport.env = { FIXTURE_EXIT_ON_LIST: '1' }
    hub.configure([config])
    const failed = await waitForStatus(hub, 'dying', (s) => s.state === 'failed')
    expect(failed.error).toBe(
      'Server dying stopped while starting. Its last lines of output are below; fix what they say, then restart it.'
    )
    expect(await starts(failed.logFile)).toBe(1)
  })

  it('ends a server still starting when disposed, and tells its stderr lines as they come', async () => {
    hub = makeHub(join(tempDir(), 'logs'))
    const silent = "console.error('pid ' + process.pid); setInterval(() => {}, 1e6)"
    hub.configure([stdioConfig('silent', node, ['-e', silent])])
    const starting = await waitForStatus(
      hub,
      'silent',
      (s) => s.state === 'starting' && s.stderrTail.length > 0
    )
    const pid = Number(/pid (\d+)/.exec(starting.stderrTail.join('\n'))?.[1])
    expect(pid).toBeGreaterThan(0)
    await hub.dispose()
    expect(() => process.kill(pid, 0)).toThrow()
  })

  it('stops waiting for a call that outlives its timeout, and cancels it at the server', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'), { callTimeoutMs: 300 })
    hub.configure([stdioConfig('slow', node, [script])])
    await waitForStatus(hub, 'slow', (s) => s.state === 'connected')
    await expect(hub.callTool('slow', 'wait-for-cancel', {}, { signal: signal() })).rejects.toThrow(
      'Server slow did not finish the tool "wait-for-cancel" within 1 second of its last sign of progress'
    )
    const heard = await hub.callTool('slow', 'was-cancelled', {}, { signal: signal() })
    expect(heard.content).toEqual([{ type: 'text', text: 'true' }])
  })

  it('restarts a server on demand, and resolves once it is back', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([stdioConfig('fixture', node, [script])])
    const first = await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    await hub.restart('fixture')
    expect(hub.status()[0]?.state).toBe('connected')
    expect(await starts(first.logFile)).toBe(2)
    await expect(hub.restart('nope')).rejects.toThrow('There is no MCP server "nope"')
  })

  it('keeps a server whose name alone changed, restarts one whose command changed', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    const config = stdioConfig('fixture', node, [script])
    hub.configure([config])
    const first = await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    const changes: string[] = []
    const off = hub.onChange(() => changes.push(hub!.status()[0]?.state ?? 'none'))
    hub.configure([{ ...config, name: 'Renamed' }])
    expect(hub.status()[0]?.state).toBe('connected')
    if (config.transport.type === 'stdio')
      hub.configure([
        { ...config, transport: { ...config.transport, env: { FIXTURE_GREETING: 'again' } } }
      ])
    expect(hub.status()[0]?.state).toBe('starting')
    await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    const hello = await hub.callTool('fixture', 'hello', {}, { signal: signal() })
    expect(hello.content).toEqual([{ type: 'text', text: 'hello from again' }])
    expect(await starts(first.logFile)).toBe(2)
    off()
    expect(changes).toContain('starting')
  })

  it('starts a changed server only once the old one has ended', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    const lock = join(tempDir(), 'server.lock')
    const withGreeting = (greeting: string) => {
      const config = stdioConfig('locked', node, [script])
      if (config.transport.type === 'stdio')
        config.transport.env = { FIXTURE_LOCK: lock, FIXTURE_GREETING: greeting }
      return config
    }
    hub.configure([withGreeting('one')])
    await waitForStatus(hub, 'locked', (s) => s.state === 'connected')
    hub.configure([withGreeting('two')])
    const back = await waitForStatus(hub, 'locked', (s) => s.state !== 'starting')
    expect(back.stderrTail).not.toContain('lock taken')
    expect(back.state).toBe('connected')
    const hello = await hub.callTool('locked', 'hello', {}, { signal: signal() })
    expect(hello.content).toEqual([{ type: 'text', text: 'hello from two' }])
  })
})

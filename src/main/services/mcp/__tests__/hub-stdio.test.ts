import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useTempDir } from '../../__tests__/helpers'
import type { McpHub } from '../hub'
import {
  EVERYTHING_BIN,
  makeHub,
  stdioConfig,
  waitFor,
  waitForStatus,
  writeFixtureServer
} from './mcp-test-kit'

// Real servers over stdio, run with this Node (the project's Node 24): the reference
// server-everything, and a small fixture server written into the test's temp folder.
const node = process.execPath
const tempDir = useTempDir('cairn-mcp-')
let hub: McpHub | undefined
afterEach(async () => {
  await hub?.dispose()
  hub = undefined
})
const signal = (): AbortSignal => new AbortController().signal

describe('MCP hub over stdio', () => {
  it('lists server-everything’s tools and calls one with progress', async () => {
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([stdioConfig('everything', node, [EVERYTHING_BIN, 'stdio'])])
    expect(hub.status()[0]?.state).toBe('starting') // configure never waits for the server
    const status = await waitForStatus(hub, 'everything', (s) => s.state === 'connected')
    expect(status.tools).toBe(hub.tools().length)
    const echo = hub.tools().find((t) => t.name === 'echo')
    expect(echo).toMatchObject({ server: 'everything', inputSchema: { type: 'object' } })
    const longRun = hub.tools().find((t) => t.name === 'trigger-long-running-operation')
    expect(longRun?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false })

    const echoed = await hub.callTool('everything', 'echo', { message: 'hi' }, { signal: signal() })
    expect(echoed).toMatchObject({ isError: false, content: [{ type: 'text' }] })
    expect(JSON.stringify(echoed.content)).toContain('hi')

    const reports: Array<{ progress: number; total?: number }> = []
    const result = await hub.callTool(
      'everything',
      'trigger-long-running-operation',
      { duration: 0.2, steps: 2 },
      { signal: signal(), onProgress: (p) => reports.push(p) }
    )
    expect(result.isError).toBe(false)
    // server-everything's last report can trail its answer (the SDK drops it then): the first
    // one is what shows the call is running.
    expect(reports[0]).toEqual({ progress: 1, total: 2 })
  })

  it('offers elicitation only with an elicit hook, and hands the server’s form to it', async () => {
    const asked: Array<{ server: string; message: string }> = []
    hub = makeHub(join(tempDir(), 'logs'), {
      elicit: async (server, request) => {
        asked.push({ server, message: request.message })
        return { action: 'decline' }
      }
    })
    const plain = makeHub(join(tempDir(), 'plain-logs'))
    try {
      hub.configure([stdioConfig('everything', node, [EVERYTHING_BIN, 'stdio'])])
      plain.configure([stdioConfig('everything', node, [EVERYTHING_BIN, 'stdio'])])
      await waitForStatus(hub, 'everything', (s) => s.state === 'connected')
      await waitForStatus(plain, 'everything', (s) => s.state === 'connected')
      const tool = 'trigger-elicitation-request'
      expect(plain.tools().map((t) => t.name)).not.toContain(tool)
      const result = await hub.callTool('everything', tool, {}, { signal: signal() })
      expect(JSON.stringify(result.content)).toContain('User declined')
      expect(asked).toEqual([{ server: 'everything', message: expect.any(String) }])
    } finally {
      await plain.dispose()
    }
  })

  it('stops a call on abort: the server hears notifications/cancelled, the caller an AbortError', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([stdioConfig('fixture', node, [script])])
    await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    const stop = new AbortController()
    const call = hub.callTool(
      'fixture',
      'wait-for-cancel',
      {},
      { signal: stop.signal, onProgress: () => stop.abort() }
    )
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    const heard = await hub.callTool('fixture', 'was-cancelled', {}, { signal: signal() })
    expect(heard.content).toEqual([{ type: 'text', text: 'true' }])
  })

  it('follows notifications/tools/list_changed live', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([stdioConfig('fixture', node, [script])])
    await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    const before = hub.tools()
    expect(before.map((t) => t.name)).not.toContain('added')
    // The same list while nothing changed: a chat builds its tool definitions once per list.
    expect(hub.tools()).toBe(before)
    await hub.callTool('fixture', 'add-tool', {}, { signal: signal() })
    await waitFor(hub, () => hub!.tools().find((t) => t.name === 'added'))
    expect(hub.status()[0]?.tools).toBe(hub.tools().length)
    expect(hub.tools()).not.toBe(before)
  })

  it('rejects a call whose server crashes with plain words, keeps its stderr, and starts it again', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([stdioConfig('crashy', node, [script])])
    await waitForStatus(hub, 'crashy', (s) => s.state === 'connected')
    const restarting = waitForStatus(hub, 'crashy', (s) => s.state === 'starting')
    await expect(hub.callTool('crashy', 'crash', {}, { signal: signal() })).rejects.toThrow(
      'Server crashy stopped while running the tool "crash"'
    )
    const during = await restarting
    expect(during.error).toContain('Server crashy stopped unexpectedly.')
    const back = await waitForStatus(hub, 'crashy', (s) => s.state === 'connected')
    expect(back.error).toBeNull()
    expect(back.stderrTail).toContain('crashing on purpose')
    expect(back.logFile).toBe(join(tempDir(), 'logs', 'mcp-crashy.log'))
    const log = await readFile(back.logFile!, 'utf8')
    expect(log.match(/fixture started/g)).toHaveLength(2)
  })

  it('gives up after the bounded restarts with the reason', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'), { maxRestarts: 1 })
    hub.configure([stdioConfig('crashy', node, [script])])
    await waitForStatus(hub, 'crashy', (s) => s.state === 'connected')
    await expect(hub.callTool('crashy', 'crash', {}, { signal: signal() })).rejects.toThrow()
    await waitForStatus(hub, 'crashy', (s) => s.state === 'connected')
    await expect(hub.callTool('crashy', 'crash', {}, { signal: signal() })).rejects.toThrow()
    const failed = await waitForStatus(hub, 'crashy', (s) => s.state === 'failed')
    expect(failed.error).toMatch(/stopped unexpectedly\. Cairn started it again 1 times/)
    await expect(hub.callTool('crashy', 'hello', {}, { signal: signal() })).rejects.toThrow(
      'Server crashy is not connected right now.'
    )
  })

  it('passes argv as given (no shell), merges env over the inherited few, and runs in cwd', async () => {
    const script = await writeFixtureServer(tempDir())
    const cwd = join(tempDir(), 'work dir; echo not-a-shell')
    await mkdir(cwd)
    hub = makeHub(join(tempDir(), 'logs'))
    const config = stdioConfig('fixture', node, [script])
    if (config.transport.type === 'stdio') {
      config.transport.env = { FIXTURE_GREETING: '$HOME `x`' }
      config.transport.cwd = cwd
    }
    hub.configure([config])
    const status = await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    const hello = await hub.callTool('fixture', 'hello', {}, { signal: signal() })
    expect(hello.content).toEqual([{ type: 'text', text: 'hello from $HOME `x`' }])
    expect(status.stderrTail.join('\n')).toContain(`fixture started in ${cwd}`)
  })

  it("gives a server only the safe few of Cairn's environment, never a key it holds", async () => {
    const before = process.env.ANTHROPIC_API_KEY
    process.env.ANTHROPIC_API_KEY = 'sk-ant-api03-must-not-reach-a-server'
    try {
      hub = makeHub(join(tempDir(), 'logs'))
      hub.configure([stdioConfig('everything', node, [EVERYTHING_BIN])])
      await waitForStatus(hub, 'everything', (s) => s.state === 'connected')
      const env = await hub.callTool('everything', 'get-env', {}, { signal: signal() })
      const text = JSON.stringify(env.content)
      expect(text).toContain('PATH')
      expect(text).not.toContain('must-not-reach-a-server')
      expect(text).not.toContain('ANTHROPIC_API_KEY')
    } finally {
      if (before === undefined) delete process.env.ANTHROPIC_API_KEY
      else process.env.ANTHROPIC_API_KEY = before
    }
  })

  it('says in plain words when the command does not exist', async () => {
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([stdioConfig('missing', join(tempDir(), 'no-such-program'), [])])
    const failed = await waitForStatus(hub, 'missing', (s) => s.state === 'failed')
    expect(failed.error).toMatch(
      /^Cairn could not find the program ".*no-such-program" to start Server missing\. Check the command/
    )
  })

  it('stops disabled and removed servers, and ends their processes on dispose', async () => {
    const script = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'))
    const config = stdioConfig('fixture', node, [script])
    hub.configure([config])
    const up = await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    const pid = Number(/as pid (\d+)/.exec(up.stderrTail.join('\n'))?.[1])
    hub.configure([{ ...config, enabled: false }])
    await waitForStatus(hub, 'fixture', (s) => s.state === 'disabled')
    expect(hub.tools()).toEqual([])
    await expect(hub.callTool('fixture', 'hello', {}, { signal: signal() })).rejects.toThrow(
      'Server fixture is turned off in Settings → Tools.'
    )
    hub.configure([config])
    await waitForStatus(hub, 'fixture', (s) => s.state === 'connected')
    await hub.dispose()
    expect(() => process.kill(pid, 0)).toThrow()
    expect(hub.status()).toEqual([])
  })
})

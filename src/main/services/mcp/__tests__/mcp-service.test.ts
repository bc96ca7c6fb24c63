import { describe, expect, it } from 'vitest'
import type { McpServerConfig } from '@shared/mcp/servers'
import { captureLogger } from '../../__tests__/helpers'
import type { McpHub } from '../hub'
import { createMcpService } from '../mcp-service'
import type { ServersState } from '../servers-file'
import { stdioConfig } from './mcp-test-kit'

/** A hub that only records what it was told to run. */
function recordingHub(): McpHub & { configured: McpServerConfig[][] } {
  const configured: McpServerConfig[][] = []
  return {
    configured,
    configure: (configs) => void configured.push(configs),
    status: () => [],
    tools: () => [],
    features: () => {
      throw new Error('not here')
    },
    callTool: () => Promise.reject(new Error('not here')),
    restart: async () => undefined,
    onChange: () => () => undefined,
    dispose: async () => undefined
  }
}

function service(stored: ServersState) {
  const hub = recordingHub()
  const saved: ServersState[] = []
  let release: () => void = () => undefined
  const read = new Promise<void>((resolve) => (release = resolve))
  const mcp = createMcpService({
    hub,
    file: {
      load: () => read.then(() => structuredClone(stored)),
      save: async (state) => void saved.push(state)
    },
    claudeDesktopConfig: null,
    logger: captureLogger().logger
  })
  return { hub, saved, mcp, release }
}

describe('MCP service: when servers start', () => {
  it('reads the servers file at load but starts them only at start (once the window is up)', async () => {
    const { hub, mcp, release } = service({
      servers: [stdioConfig('one', 'node', [])],
      toolApproval: {}
    })
    const loaded = mcp.load()
    release()
    await loaded
    expect(mcp.overview().servers.map((s) => s.id)).toEqual(['one'])
    expect(hub.configured).toEqual([])
    await mcp.start()
    expect(hub.configured.map((c) => c.map((s) => s.id))).toEqual([['one']])
    await mcp.start() // once
    expect(hub.configured).toHaveLength(1)
  })

  it('a change made before the file is read waits for it: the servers already there are kept', async () => {
    const { saved, mcp, release } = service({
      servers: [stdioConfig('one', 'node', [])],
      toolApproval: { 'one/echo': 'always' }
    })
    const added = mcp.addServers([
      {
        id: 'two',
        name: 'Two',
        replaces: false,
        transport: { type: 'stdio', command: 'node', args: [], env: {} }
      }
    ])
    release()
    await added
    expect(saved.at(-1)?.servers.map((s) => s.id)).toEqual(['one', 'two'])
    expect(saved.at(-1)?.toolApproval).toEqual({ 'one/echo': 'always' })
  })
})

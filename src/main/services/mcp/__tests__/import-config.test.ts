import { describe, expect, test } from 'vitest'
import { readServersConfig } from '../import-config'

const CLAUDE_DESKTOP = JSON.stringify({
  mcpServers: {
    filesystem: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'],
      env: {}
    },
    'Brave Search': { command: 'npx', args: ['-y', 'brave'], env: { BRAVE_API_KEY: 'k' } },
    remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
    broken: { args: ['no command'] }
  }
})

describe('reading MCP servers from a config someone else wrote', () => {
  test("Claude Desktop's file: each server with its exact command line; a broken entry named", () => {
    const preview = readServersConfig(
      CLAUDE_DESKTOP,
      new Set(['filesystem']),
      '/x/claude_desktop_config.json'
    )
    expect(preview.servers).toEqual([
      {
        id: 'filesystem',
        name: 'filesystem',
        replaces: true,
        transport: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'],
          env: {}
        }
      },
      {
        id: 'brave-search',
        name: 'Brave Search',
        replaces: false,
        transport: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', 'brave'],
          env: { BRAVE_API_KEY: 'k' }
        }
      },
      {
        id: 'remote',
        name: 'remote',
        replaces: false,
        transport: {
          type: 'http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer x' }
        }
      }
    ])
    expect(preview.problems).toHaveLength(1)
    expect(preview.problems[0]).toMatch(/^broken: command: /)
    expect(preview.file).toBe('/x/claude_desktop_config.json')
  })

  test('one server pasted on its own, or a bare map of servers', () => {
    expect(
      readServersConfig('{"command":"uvx","args":["mcp-server-time"]}', new Set()).servers
    ).toHaveLength(1)
    expect(readServersConfig('{"time":{"command":"uvx"}}', new Set()).servers[0]?.id).toBe('time')
  })

  test('bad input says what is wrong in plain words', () => {
    expect(readServersConfig('{nope', new Set()).problems[0]).toMatch(/^This is not JSON/)
    expect(readServersConfig('{"a":1}', new Set()).problems[0]).toMatch(/^No servers found/)
    expect(
      readServersConfig('{"mcpServers":{"x":{"url":"file:///etc/passwd"}}}', new Set()).problems[0]
    ).toMatch(/^x: url: a server address starts with http/)
  })
})

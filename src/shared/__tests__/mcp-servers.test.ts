import { describe, expect, it } from 'vitest'
import { McpServerConfigSchema } from '../mcp/servers'

const stdio = {
  id: 'files',
  name: 'Files',
  enabled: true,
  transport: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: {} }
}
const messages = (value: unknown): string[] => {
  const parsed = McpServerConfigSchema.safeParse(value)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('McpServerConfigSchema', () => {
  it('takes a stdio and an http server', () => {
    expect(messages(stdio)).toEqual([])
    expect(
      messages({
        ...stdio,
        transport: { type: 'http', url: 'https://example.com/mcp', headers: { a: 'b' } }
      })
    ).toEqual([])
  })

  it('says in plain words what is wrong with an id, a command or an address', () => {
    expect(messages({ ...stdio, id: 'My Server' })).toEqual([
      'a server id is lower-case letters, digits and dashes (like my-server), up to 64'
    ])
    expect(messages({ ...stdio, transport: { ...stdio.transport, command: '  ' } })).toEqual([
      'give the program to run'
    ])
    expect(
      messages({ ...stdio, transport: { type: 'http', url: 'ftp://example.com', headers: {} } })
    ).toEqual(['a server address starts with http:// or https://'])
    expect(
      messages({ ...stdio, transport: { type: 'http', url: 'example.com', headers: {} } })
    ).toEqual(['give the server address as a full URL, like https://example.com/mcp'])
  })
})

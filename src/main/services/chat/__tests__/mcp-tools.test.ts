import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { createMcpService, type McpService } from '../../mcp/mcp-service'
import type { ServersState } from '../../mcp/servers-file'
import type { McpServers } from '../tools/chat-tools'
import { EVERYTHING_BIN, makeHub, waitForStatus } from '../../mcp/__tests__/mcp-test-kit'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

/*
 * An MCP server in a chat, end to end: the real reference server (server-everything) over stdio
 * through Cairn's hub, the chat service and the fake API. Its tools are listed after memory as
 * `mcp__everything__<tool>`, a call runs on the server when the user allowed that tool, and a
 * call the user was not asked about never reaches the server.
 */

const tempDir = useTempDir('cairn-mcp-chat-')

const ECHO = 'mcp__everything__echo'

async function everything(dir: string): Promise<McpService> {
  let saved: ServersState = { servers: [], toolApproval: {} }
  const hub = makeHub(join(dir, 'mcp-logs'))
  const mcp = createMcpService({
    hub,
    file: { load: async () => saved, save: async (state) => void (saved = state) },
    claudeDesktopConfig: null,
    logger: (await import('../../__tests__/helpers')).captureLogger().logger
  })
  await mcp.addServers([
    {
      id: 'everything',
      name: 'Everything',
      replaces: false,
      transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING_BIN], env: {} }
    }
  ])
  await waitForStatus(hub, 'everything', (s) => s.state === 'connected')
  return mcp
}

function toolResult(body: ReturnType<typeof bodyOf>) {
  return body.messages.at(-1)?.content.find((b) => b.type === 'tool_result')
}

describe('MCP tools in a chat', () => {
  test('listed after memory; an allowed tool runs on the server and Claude gets its answer', async () => {
    const dir = tempDir()
    const mcp = await everything(dir)
    try {
      await mcp.setToolApproval('everything', 'echo', 'always')
      const rig = await startRig(dir, { service: { mcp } })
      rig.fake.script(
        reply([
          text('Asking the server.'),
          { type: 'tool_use', name: ECHO, input: { message: 'hi' } }
        ]),
        reply('It said hi back.')
      )
      const { end, conversationId } = await converse(rig, 'Say hi through the server.')
      expect(end.event).toBe('chat:done')
      // Saved with how it showed (Cairn's own, never sent): the tool's title and its server.
      const { conversation } = await rig.chat.getConversation({ conversationId })
      const saved = conversation.messages
        .flatMap((m) => (m.role === 'user' ? m.content : []))
        .find((b) => b.type === 'tool_result')
      expect(saved).toMatchObject({ shown: { action: 'Echo Tool', target: 'Everything' } })
      expect(JSON.stringify(bodyOf(rig.fake, 1))).not.toContain('"shown"')
      expectValidRequests(rig.fake)
      const tools = bodyOf(rig.fake, 0).tools as Array<{ name: string; input_schema?: unknown }>
      expect(tools[0]).toEqual({ type: 'memory_20250818', name: 'memory' })
      const echo = tools.find((t) => t.name === ECHO)
      expect(echo?.input_schema).toMatchObject({ type: 'object', properties: { message: {} } })
      expect(toolResult(bodyOf(rig.fake, 1))).toMatchObject({
        content: 'Echo: hi',
        is_error: false
      })
      expect(rig.events.of('chat:tool').map((e) => [e.command, e.path, e.status])).toEqual([
        ['Echo Tool', 'Everything', 'running'],
        ['Echo Tool', 'Everything', 'done']
      ])
    } finally {
      await mcp.dispose()
    }
  })

  test('an image the tool returns is checked and kept as an attached image is; Claude gets it after the text', async () => {
    const dir = tempDir()
    const mcp = await everything(dir)
    try {
      await mcp.setToolApproval('everything', 'get-tiny-image', 'always')
      const rig = await startRig(dir, { service: { mcp } })
      rig.fake.script(
        reply([{ type: 'tool_use', name: 'mcp__everything__get-tiny-image', input: {} }]),
        reply('A tiny image.')
      )
      const { end, conversationId } = await converse(rig, 'Show me the tiny image.')
      expect(end.event).toBe('chat:done')
      const { conversation } = await rig.chat.getConversation({ conversationId })
      const saved = conversation.messages
        .flatMap((m) => (m.role === 'user' ? m.content : []))
        .find((b) => b.type === 'tool_result')
      expect(saved?.images).toEqual([
        expect.objectContaining({ type: 'attachment', kind: 'image', mediaType: 'image/png' })
      ])
      expect(saved?.content).toContain('[image 1: attached after this text')
      const sent = toolResult(bodyOf(rig.fake, 1)) as { content: Array<Record<string, unknown>> }
      expect(sent.content[0]).toMatchObject({ type: 'text' })
      expect(sent.content[1]).toMatchObject({
        type: 'image',
        source: { type: 'base64', media_type: 'image/png' }
      })
      expectValidRequests(rig.fake)
    } finally {
      await mcp.dispose()
    }
  })

  test('a tool set to ask waits for the user: the card names the server, the tool and what Claude sends; Decline tells Claude why', async () => {
    const dir = tempDir()
    const mcp = await everything(dir)
    try {
      const rig = await startRig(dir, { service: { mcp } })
      rig.fake.script(
        reply([{ type: 'tool_use', name: ECHO, input: { message: 'hi' }, id: 'toolu_echo' }]),
        reply('Understood.')
      )
      const { id } = await rig.chat.createConversation()
      const sent = await rig.chat.send({ conversationId: id, text: 'Say hi through the server.' })
      const card = await rig.events.next('chat:tool-approval-pending')
      expect(card).toMatchObject({
        conversationId: id,
        toolUseId: 'toolu_echo',
        call: { provider: 'mcp:everything', server: 'Everything', tool: 'echo', title: 'Echo Tool' }
      })
      expect(JSON.parse(card.call.arguments)).toEqual({ message: 'hi' })
      // Nothing ran while it waits: one request so far, no result.
      expect(rig.fake.messageRequests()).toHaveLength(1)
      expect(rig.chat.listApprovals({ conversationId: id }).approvals).toEqual([card])
      rig.chat.answerApproval({ approvalId: card.id, answer: 'decline', reason: 'not now' })
      await rig.events.end(sent.turnId)
      const result = toolResult(bodyOf(rig.fake, 1))
      expect(result).toMatchObject({ is_error: true })
      expect(String(result?.content)).toMatch(
        /^The user declined this call: not now\nNothing was run\./
      )
    } finally {
      await mcp.dispose()
    }
  })

  test('"Allow for this chat" runs the next call without a card; "Always allow" is remembered for the tool', async () => {
    const dir = tempDir()
    const mcp = await everything(dir)
    try {
      const rig = await startRig(dir, { service: { mcp } })
      const call = (n: number) => ({
        type: 'tool_use' as const,
        name: ECHO,
        input: { message: `hi ${n}` }
      })
      rig.fake.script(reply([call(1)]), reply([call(2)]), reply('Both said.'))
      const { id } = await rig.chat.createConversation()
      const sent = await rig.chat.send({ conversationId: id, text: 'Twice, please.' })
      const card = await rig.events.next('chat:tool-approval-pending')
      rig.chat.answerApproval({ approvalId: card.id, answer: 'always-allow' })
      await rig.events.end(sent.turnId)
      expect(rig.events.of('chat:tool-approval-pending')).toHaveLength(1)
      expect(toolResult(bodyOf(rig.fake, 1))).toMatchObject({ content: 'Echo: hi 1' })
      expect(toolResult(bodyOf(rig.fake, 2))).toMatchObject({ content: 'Echo: hi 2' })
      expect(mcp.approvalOf('everything', 'echo')).toBe('ask')

      // Another chat asks again; "Always allow" is kept in Settings → Tools.
      rig.fake.script(reply([call(3)]), reply('Done.'))
      const other = await rig.chat.createConversation()
      const again = await rig.chat.send({ conversationId: other.id, text: 'Once more.' })
      const second = await rig.events.next(
        'chat:tool-approval-pending',
        (p) => p.conversationId === other.id
      )
      rig.chat.answerApproval({ approvalId: second.id, answer: 'always-allow-tool' })
      await rig.events.end(again.turnId)
      expect(toolResult(bodyOf(rig.fake, 4))).toMatchObject({ content: 'Echo: hi 3' })
      expect(mcp.approvalOf('everything', 'echo')).toBe('always')
    } finally {
      await mcp.dispose()
    }
  })

  test('a long call shows its progress on the running chip; Stop cancels it on the server and ends the turn', async () => {
    const dir = tempDir()
    const mcp = await everything(dir)
    try {
      await mcp.setToolApproval('everything', 'trigger-long-running-operation', 'always')
      const rig = await startRig(dir, { service: { mcp } })
      rig.fake.script(
        reply([
          {
            type: 'tool_use',
            name: 'mcp__everything__trigger-long-running-operation',
            input: { duration: 600, steps: 600 }
          }
        ])
      )
      const { id } = await rig.chat.createConversation()
      const sent = await rig.chat.send({ conversationId: id, text: 'Take your time.' })
      const step = await rig.events.next(
        'chat:tool',
        (e) => e.status === 'running' && /of 600\)$/.test(e.summary)
      )
      expect(step).toMatchObject({ provider: 'mcp:everything', path: 'Everything' })
      await rig.chat.stop({ conversationId: id })
      const end = await rig.events.end(sent.turnId)
      expect(end.payload).toMatchObject({ status: 'interrupted' })
      const done = rig.events.of('chat:tool').at(-1)
      expect(done).toMatchObject({ status: 'error' })
      expect(done?.summary).toMatch(/stopped the reply; the call was cancelled/)
    } finally {
      await mcp.dispose()
    }
  })

  test('a chat can turn a server off: its tools leave that chat, and come back when it is on again', async () => {
    const dir = tempDir()
    const mcp = await everything(dir)
    try {
      const rig = await startRig(dir, { service: { mcp } })
      const { id } = await rig.chat.createConversation()
      const options = await rig.chat.updateConversation({
        conversationId: id,
        serversOff: ['everything']
      })
      expect(options.serversOff).toEqual(['everything'])
      rig.fake.script(reply('Without the server.'), reply('With it again.'))
      await converse(rig, 'Hello.', id)
      expect(bodyOf(rig.fake, 0).tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
      await rig.chat.updateConversation({ conversationId: id, serversOff: [] })
      await converse(rig, 'Hello again.', id)
      const names = (bodyOf(rig.fake, 1).tools as Array<{ name: string }>).map((t) => t.name)
      expect(names).toContain(ECHO)
      expectValidRequests(rig.fake)
    } finally {
      await mcp.dispose()
    }
  })

  test('a chat with 10 servers of 50 tools each is saved with all 500 listed (found by bench/mcp.bench.ts)', async () => {
    const dir = tempDir()
    const servers = Array.from({ length: 10 }, (_, n) => ({ id: `s${n}`, name: `Server ${n}` }))
    const tools = servers.flatMap((server) =>
      Array.from({ length: 50 }, (_, n) => ({
        server: server.id,
        name: `lookup_${n}`,
        description: `Looks up records of kind ${n} in the catalogue and returns the matches as text.`,
        inputSchema: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'Words to look for' },
            limit: { type: 'integer', description: 'At most this many records (default 10)' }
          },
          required: ['query']
        }
      }))
    )
    const mcp: McpServers = {
      servers: () => servers,
      tools: () => tools,
      approvalOf: () => 'ask',
      setToolApproval: async () => undefined,
      callTool: async () => ({ content: [], isError: false })
    }
    const rig = await startRig(dir, { service: { mcp } })
    rig.fake.script(reply('Hello.'))
    const { end } = await converse(rig, 'Hi.')
    expect(end.event).toBe('chat:done')
    // Memory, the tool search tool, then the 500 behind it (tool-search.test.ts).
    expect(bodyOf(rig.fake, 0).tools).toHaveLength(502)
  })
})

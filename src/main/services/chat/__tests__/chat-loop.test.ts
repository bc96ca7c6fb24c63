import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

const tempDir = useTempDir('cairn-chat-')

describe('the tool loop against a real memory folder', () => {
  test('Claude views /memories, creates a note, edits it, and the files on disk match', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      reply([text('Let me check my memory.'), memory({ command: 'view', path: '/memories' })]),
      reply([
        memory({
          command: 'create',
          path: '/memories/people/user.md',
          file_text: '# The user\n- likes tea\n'
        })
      ]),
      reply([
        memory({
          command: 'str_replace',
          path: '/memories/people/user.md',
          old_str: '- likes tea',
          new_str: '- likes green tea'
        })
      ]),
      reply('Noted: you like green tea.')
    )
    const { turnId, end, conversationId } = await converse(rig, 'Remember that I like green tea.')

    expect(end.event).toBe('chat:done')
    expect(end.payload).toMatchObject({ status: 'complete', stopReason: 'end_turn' })
    expect(await readFile(join(rig.memoryRoot, 'people', 'user.md'), 'utf8')).toBe(
      '# The user\n- likes green tea\n'
    )
    expect(await readdir(rig.memoryRoot)).toEqual(['people'])

    // Four requests, each answering the calls of the one before, in order.
    const requests = rig.fake.messageRequests()
    expect(requests).toHaveLength(4)
    expectValidRequests(rig.fake)
    const second = bodyOf(rig.fake, 1).messages
    const viewResult = second[second.length - 1]?.content[0]
    expect(viewResult).toMatchObject({ type: 'tool_result', is_error: false })
    expect(String(viewResult?.content)).toContain(
      "Here're the files and directories up to 2 levels deep in /memories"
    )
    const third = bodyOf(rig.fake, 2).messages
    expect(third[third.length - 1]?.content[0]).toMatchObject({
      type: 'tool_result',
      content: 'File created successfully at: /memories/people/user.md',
      is_error: false
    })
    const fourth = bodyOf(rig.fake, 3).messages
    expect(String(fourth[fourth.length - 1]?.content[0]?.content)).toContain(
      'The memory file has been edited.'
    )

    // Each operation was shown running, then done, with its command and path.
    const tools = rig.events.of('chat:tool').filter((t) => t.turnId === turnId)
    expect(tools.map((t) => `${t.command} ${t.path} ${t.status}`)).toEqual([
      'view /memories running',
      'view /memories done',
      'create /memories/people/user.md running',
      'create /memories/people/user.md done',
      'str_replace /memories/people/user.md running',
      'str_replace /memories/people/user.md done'
    ])
    expect(tools[3]?.summary).toBe('File created successfully at: /memories/people/user.md')
    expect(rig.events.text(turnId)).toBe('Let me check my memory.Noted: you like green tea.')

    // The saved conversation is the API exchange plus what Cairn knows about it.
    const { conversation } = await rig.chat.getConversation({ conversationId })
    expect(conversation.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant'
    ])
    expect(conversation.title).toBe('Remember that I like green tea.')
    const last = conversation.messages[7]
    expect(last).toMatchObject({ role: 'assistant', status: 'complete', stopReason: 'end_turn' })
    // The activity log names the conversation as the actor.
    const activity = await rig.store.activity({ conversationId })
    expect(activity.entries.map((e) => e.command).sort()).toEqual(['create', 'str_replace'])
    // Each change's saved result names its entry and versions (its chip's diff and undo)...
    const results = conversation.messages.flatMap((m) =>
      m.role === 'user' ? m.content.filter((b) => b.type === 'tool_result') : []
    )
    const edit = activity.entries.find((e) => e.command === 'str_replace')
    expect(results.map((r) => r.memory?.seq)).toEqual([
      undefined,
      activity.entries.find((e) => e.command === 'create')?.seq,
      edit?.seq
    ])
    expect(results[2]?.memory?.versions).toEqual(edit?.versions)
    expect(edit?.versions?.[0]?.before).toMatch(/^[0-9a-f]{64}$/)
    // ...which never goes to the API.
    expect(JSON.stringify(bodyOf(rig.fake, 3).messages)).not.toContain('"memory":{')
  })

  test('a note over the size cap is refused, Claude recovers with a smaller one', async () => {
    const rig = await startRig(tempDir(), { memoryLimits: { maxFileBytes: 1_024 } })
    rig.fake.script(
      reply([
        memory({ command: 'create', path: '/memories/big.md', file_text: 'x'.repeat(3_000) })
      ]),
      reply([memory({ command: 'create', path: '/memories/small.md', file_text: 'short\n' })]),
      reply('Saved a shorter note.')
    )
    const { turnId, end, conversationId } = await converse(rig, 'Write a long note.')
    expect(end.event).toBe('chat:done')
    const refused = bodyOf(rig.fake, 1).messages.at(-1)?.content[0]
    expect(refused).toMatchObject({ type: 'tool_result', is_error: true })
    expect(String(refused?.content)).toMatch(/1,024|1 KiB|1024/)
    // The saved result says which cap refused it (for its chip); the API never sees that part.
    expect(Object.keys(refused ?? {}).sort()).toEqual([
      'cache_control',
      'content',
      'is_error',
      'tool_use_id',
      'type'
    ])
    const { conversation } = await rig.chat.getConversation({ conversationId })
    const saved = conversation.messages.flatMap((m) =>
      m.role === 'user' ? m.content.filter((b) => b.type === 'tool_result') : []
    )
    expect(saved[0]?.cap).toEqual({ cap: 'file', limit: 1_024, used: 3_000 })
    expect(saved[1]?.cap).toBeUndefined()
    expect(await readdir(rig.memoryRoot)).toEqual(['small.md'])
    expect(await readFile(join(rig.memoryRoot, 'small.md'), 'utf8')).toBe('short\n')
    const statuses = rig.events
      .of('chat:tool')
      .filter((t) => t.turnId === turnId && t.status !== 'running')
      .map((t) => t.status)
    expect(statuses).toEqual(['error', 'done'])
    expectValidRequests(rig.fake)
  })

  test('several tool calls in one reply run in order and are answered together', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      reply([
        text('Saving three things.'),
        memory({ command: 'create', path: '/memories/a.md', file_text: 'A\n' }, 'toolu_a'),
        memory({ command: 'create', path: '/memories/b.md', file_text: 'B\n' }, 'toolu_b'),
        memory({ command: 'view', path: '/memories' }, 'toolu_view')
      ]),
      reply('Done.')
    )
    const { end } = await converse(rig, 'Save a and b.')
    expect(end.event).toBe('chat:done')
    expect(rig.fake.messageRequests()).toHaveLength(2)
    const answer = bodyOf(rig.fake, 1).messages.at(-1)
    expect(answer?.role).toBe('user')
    expect(answer?.content.map((b) => b.tool_use_id)).toEqual(['toolu_a', 'toolu_b', 'toolu_view'])
    // The view ran after both creates: it lists them.
    expect(String(answer?.content[2]?.content)).toMatch(/a\.md[\s\S]*b\.md/)
    expect((await readdir(rig.memoryRoot)).sort()).toEqual(['a.md', 'b.md'])
    expectValidRequests(rig.fake)
  })

  test('a bad tool input and an unknown tool get error results, and the loop goes on', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      reply([
        memory({ command: 'fly', path: '/memories' }, 'toolu_bad'),
        { type: 'tool_use', id: 'toolu_other', name: 'web_search', input: { q: 'x' } }
      ]),
      reply('Sorry.')
    )
    const { end } = await converse(rig, 'Do odd things.')
    expect(end.event).toBe('chat:done')
    const results = bodyOf(rig.fake, 1).messages.at(-1)?.content ?? []
    expect(results.map((r) => r.is_error)).toEqual([true, true])
    expect(String(results[1]?.content)).toContain('There is no tool called web_search')
    expectValidRequests(rig.fake)
  })

  test('the round cap ends a runaway loop with a visible notice', async () => {
    const rig = await startRig(tempDir(), { settings: (s) => (s.maxToolRounds = 3) })
    rig.fake.script(
      ...Array.from({ length: 3 }, () => reply([memory({ command: 'view', path: '/memories' })]))
    )
    const { end, conversationId } = await converse(rig, 'Loop forever.')
    expect(end.event).toBe('chat:done')
    expect(end.payload).toMatchObject({ status: 'capped' })
    expect(rig.fake.messageRequests()).toHaveLength(3)
    const { conversation } = await rig.chat.getConversation({ conversationId })
    const notice = conversation.messages.at(-1)
    expect(notice).toMatchObject({ role: 'notice', kind: 'tool-round-limit' })
    expect(notice?.role === 'notice' && notice.text).toContain('in 3 rounds')
    // The conversation can go on: the next request is valid.
    rig.fake.script(reply('OK, stopping.'))
    await converse(rig, 'continue', conversationId)
    expectValidRequests(rig.fake)
    expect(rig.fake.messageRequests()).toHaveLength(4)
  })
})

describe('what each request carries', () => {
  test('the memory tool, the guidance, context editing with its beta flag, model and max tokens', async () => {
    const rig = await startRig(tempDir(), {
      settings: (s) => {
        s.maxTokens = 2_000
        s.contextEditing = {
          enabled: true,
          triggerTokens: 120_000,
          keepToolUses: 5,
          compaction: false
        }
      }
    })
    rig.fake.script(reply('Hi.'))
    await converse(rig, 'Hello')
    const [request] = rig.fake.messageRequests()
    const body = bodyOf(rig.fake, 0)
    expect(body.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
    expect(body.model).toBe('claude-sonnet-4-6')
    expect(body.max_tokens).toBe(2_000)
    expect(body.stream).toBe(true)
    expect(body.system).toBe(rig.settings.memoryGuidance)
    expect(body.system).toContain('Never store secrets')
    // The protocol the API adds itself is not repeated.
    expect(body.system?.toLowerCase()).not.toContain('view the memory directory')
    expect(body.system?.toLowerCase()).not.toContain('context may be reset')
    expect(body.context_management).toEqual({
      edits: [
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 120_000 },
          keep: { type: 'tool_uses', value: 5 },
          exclude_tools: ['memory']
        }
      ]
    })
    expect(request?.betas).toEqual(['context-management-2025-06-27'])
    expect(request?.headers.authorization ?? request?.headers['x-api-key']).toContain(
      'sk-ant-api03-test-key'
    )
  })

  test('settings changes apply to the next request: compaction, no context editing, own guidance (as a note)', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('One.'), reply('Two.'), reply('Three.'))
    const { conversationId } = await converse(rig, 'first')
    rig.settings.contextEditing = { ...rig.settings.contextEditing, enabled: false }
    rig.settings.memoryGuidance = 'Only remember things about gardening.'
    await converse(rig, 'second', conversationId)
    rig.settings.contextEditing = { ...rig.settings.contextEditing, compaction: true }
    rig.settings.memoryGuidance = '   '
    await converse(rig, 'third', conversationId)
    const [first, second, third] = rig.fake.messageRequests()
    expect(first?.betas).toEqual(['context-management-2025-06-27'])
    expect(second?.betas).toEqual([])
    expect(bodyOf(rig.fake, 1).context_management).toBeUndefined()
    // The system text keeps its bytes; new guidance is told at the end, before the new message.
    expect(bodyOf(rig.fake, 1).system).toBe(bodyOf(rig.fake, 0).system)
    expect(bodyOf(rig.fake, 1).messages.at(-1)?.content[0]?.text).toContain(
      'New guidance for the memory tool, in place of any given earlier:\nOnly remember things about gardening.'
    )
    expect(third?.betas).toEqual(['compact-2026-01-12'])
    expect(bodyOf(rig.fake, 2).context_management).toEqual({
      edits: [{ type: 'compact_20260112' }]
    })
    expect(bodyOf(rig.fake, 2).system).toBe(bodyOf(rig.fake, 0).system)
    // The history grows turn by turn.
    expect(bodyOf(rig.fake, 2).messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user'
    ])
  })

  test('cleared tool results and compaction show a notice; the compaction block goes back verbatim', async () => {
    const rig = await startRig(tempDir(), {
      settings: (s) => (s.contextEditing = { ...s.contextEditing, compaction: true })
    })
    rig.fake.script(
      reply('Answer one.', {
        contextManagement: {
          applied_edits: [
            { type: 'clear_tool_uses_20250919', cleared_tool_uses: 4, cleared_input_tokens: 12_345 }
          ]
        }
      }),
      reply([{ type: 'compaction', content: 'Summary of before.' }, text('Answer two.')]),
      reply('Answer three.')
    )
    const { conversationId, turnId } = await converse(rig, 'one')
    const notices = rig.events
      .of('chat:message')
      .filter((m) => m.turnId === turnId && m.message.role === 'notice')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.message).toMatchObject({ kind: 'context-cleared' })
    expect(notices[0]?.message.role === 'notice' && notices[0].message.text).toContain(
      '4 older tool results (about 12,345 tokens)'
    )
    await converse(rig, 'two', conversationId)
    await converse(rig, 'three', conversationId)
    const { conversation } = await rig.chat.getConversation({ conversationId })
    expect(conversation.messages.filter((m) => m.role === 'notice').map((m) => m.kind)).toEqual([
      'context-cleared',
      'context-compacted'
    ])
    const sent = bodyOf(rig.fake, 2).messages
    expect(sent[3]?.content[0]).toMatchObject({ type: 'compaction', content: 'Summary of before.' })
    expect(sent.every((m) => m.role === 'user' || m.role === 'assistant')).toBe(true)
    expectValidRequests(rig.fake)
  })

  test('deltas are coalesced: far fewer events than tokens, the same text', async () => {
    const rig = await startRig(tempDir())
    const long = 'word '.repeat(1_000).trim()
    rig.fake.script(reply(long, { textChunk: 1 }))
    const { turnId } = await converse(rig, 'Talk a lot.')
    const deltas = rig.events.of('chat:delta').filter((d) => d.turnId === turnId)
    expect(rig.events.text(turnId)).toBe(long)
    expect(deltas.length).toBeLessThan(long.length / 4)
  })
})

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '@shared/chat/chat'
import { reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { TOOL_INPUT_MAX_DEPTH } from '../stream/tool-input'
import type { MemoryToolRunner } from '../types'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

/*
 * A tool input nested thousands of levels deep parses fine, but JSON.stringify overflows the
 * stack on it: the conversation could not be saved (nor sent again). Such a call is answered
 * with an error and never run, and the stored call keeps a harmless input.
 */

const tempDir = useTempDir('cairn-chat-deep-')

/** `{"a":{"a":…{}…}}`: `levels` objects, one inside the other. */
const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)

describe('a tool input nested too deep', () => {
  test('6,000 levels: answered with a tool error, never run, and the conversation saves and reloads', async () => {
    let executed = 0
    const rig = await startRig(tempDir(), {
      memory: (store): MemoryToolRunner => ({
        execute: (input, actor) => {
          executed += 1
          return store.execute(input, actor)
        }
      })
    })
    rig.fake.script(
      reply([
        text('Saving that.'),
        { type: 'tool_use', id: 'toolu_deep', name: 'memory', input: {}, json: nested(6000) }
      ]),
      reply('I will send a flat command next time.')
    )
    const { conversationId, end } = await converse(rig, 'Remember this.')

    expect(end.event).toBe('chat:done')
    expect(end.payload).toMatchObject({ status: 'complete' })
    expect(executed).toBe(0)
    expect(await readdir(rig.memoryRoot)).toEqual([])

    // What Claude was told, and what it sees of its own call.
    const expected = `Error: The tool input nests 6000 levels deep; the limit is ${TOOL_INPUT_MAX_DEPTH}. Send a flat object as the memory tool's spec describes.`
    const second = bodyOf(rig.fake, 1).messages
    expect(second.at(-2)?.content.find((b) => b.type === 'tool_use')).toMatchObject({
      id: 'toolu_deep',
      input: {}
    })
    expect(second.at(-1)?.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_deep',
      content: expected,
      is_error: true
    })
    expectValidRequests(rig.fake)
    expect(rig.events.of('chat:tool').map((e) => e.status)).toEqual(['running', 'error'])

    // Saved, and the same after a restart.
    const before = (await rig.chat.getConversation({ conversationId })).conversation
    const file = join(rig.dir, 'user-data', 'conversations', `${conversationId}.json`)
    expect(ConversationSchema.parse(JSON.parse(await readFile(file, 'utf8')))).toEqual(before)
    const chat = await rig.restart()
    const { problems } = await chat.listConversations()
    expect(problems).toEqual([])
    const after = (await chat.getConversation({ conversationId })).conversation
    expect(after).toEqual(before)
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  })

  test('a sane nesting (the limit itself) still runs', async () => {
    let executed = 0
    const rig = await startRig(tempDir(), {
      memory: (store): MemoryToolRunner => ({
        execute: (input, actor) => {
          executed += 1
          return store.execute(input, actor)
        }
      })
    })
    const deepest = nested(TOOL_INPUT_MAX_DEPTH - 1)
    rig.fake.script(
      reply([
        {
          type: 'tool_use',
          id: 'toolu_ok',
          name: 'memory',
          input: {},
          json: `{"command":"view","path":"/memories","extra":${deepest}}`
        }
      ]),
      reply('Done.')
    )
    const { end } = await converse(rig, 'Look.')
    expect(end.event).toBe('chat:done')
    expect(executed).toBe(1)
  })
})

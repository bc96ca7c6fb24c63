import { describe, expect, test } from 'vitest'
import type { AssistantMessage } from '@shared/chat/chat'
import { memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { converse, expectValidRequests, startRig } from './harness'

const tempDir = useTempDir('cairn-prompt-cache-')

/*
 * Through the chat service, against the fake API's prompt cache: each request of a turn writes
 * the conversation so far, the next round and the next turn read it, and the saved answers keep
 * what each request wrote and read.
 */
describe('prompt caching across rounds and turns', () => {
  test('turn 2 reads the cache turn 1 wrote; usage is saved per answer and summed per turn', async () => {
    const rig = await startRig(tempDir())
    const background = 'My garden: ' + 'roses, tulips and a pear tree by the wall. '.repeat(120)
    rig.fake.script(
      reply([text('Let me check my notes.'), memory({ command: 'view', path: '/memories' })]),
      reply('Noted. Roses like full sun.'),
      reply('Prune them in late winter.')
    )
    const first = await converse(rig, background)
    expect(first.end.event).toBe('chat:done')
    const second = await converse(rig, 'When do I prune?', first.conversationId)
    expect(second.end.event).toBe('chat:done')
    expectValidRequests(rig.fake)

    // Saved to disk: read back after a restart.
    const chat = await rig.restart()
    const { conversation } = await chat.getConversation({ conversationId: first.conversationId })
    const answers = conversation.messages.filter(
      (m): m is AssistantMessage => m.role === 'assistant'
    )
    expect(answers).toHaveLength(3)
    const [round1, round2, turn2] = answers.map((a) => a.usage!)
    // Turn 1, round 1: nothing cached yet, the whole prompt written.
    expect(round1).toMatchObject({ cacheReadTokens: 0, inputTokens: 0 })
    expect(round1!.cacheCreationTokens).toBeGreaterThan(1024)
    // Round 2 reads round 1's prefix and writes only the tool call and its result.
    expect(round2!.cacheReadTokens).toBe(round1!.cacheCreationTokens)
    expect(round2!.cacheCreationTokens).toBeGreaterThan(0)
    expect(round2!.cacheCreationTokens).toBeLessThan(round1!.cacheCreationTokens)
    // Turn 2 reads everything turn 1's last request sent.
    expect(turn2!.cacheReadTokens).toBe(round2!.cacheReadTokens + round2!.cacheCreationTokens)
    expect(turn2!.cacheCreationTokens).toBeLessThan(turn2!.cacheReadTokens / 10)

    // chat:done reports the turn's total: both rounds of turn 1.
    expect(first.end.event === 'chat:done' && first.end.payload.usage).toMatchObject({
      cacheReadTokens: round1!.cacheReadTokens + round2!.cacheReadTokens,
      cacheCreationTokens: round1!.cacheCreationTokens + round2!.cacheCreationTokens
    })
  })
})

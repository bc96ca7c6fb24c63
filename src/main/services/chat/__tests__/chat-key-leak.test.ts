import { describe, expect, test } from 'vitest'
import { apiError, memory, reply } from '../../../../../e2e/fake-anthropic'
import { countOccurrences, readAllFiles, useTempDir } from '../../__tests__/helpers'
import { API_KEY, converse, startRig } from './harness'

const tempDir = useTempDir('cairn-chat-leak-')

describe('the API key never leaves main through chat', () => {
  test('not in conversation files, the model cache, log lines, events or answers', async () => {
    const rig = await startRig(tempDir(), { fake: { apiKey: API_KEY } })
    const answers: unknown[] = []
    rig.fake.script(
      reply([memory({ command: 'create', path: '/memories/n.md', file_text: 'note\n' })]),
      reply('Saved.'),
      apiError(429, { headers: { 'retry-after': '1' } }),
      reply('Later.'),
      reply('cut', { fault: { kind: 'cut', afterDeltas: 0 } }),
      reply('cut again', { fault: { kind: 'malformed', afterDeltas: 1 } })
    )
    const first = await converse(rig, 'Remember a note.')
    answers.push(first.sent, first.end)
    answers.push((await converse(rig, 'Again', first.conversationId)).end)
    answers.push((await converse(rig, 'And again', first.conversationId)).end)
    answers.push(await rig.chat.listModels({ refresh: true }))
    answers.push(await rig.chat.testKey())
    answers.push(await rig.chat.listConversations())
    answers.push(await rig.chat.getConversation({ conversationId: first.conversationId }))
    // A wrong key is rejected; the key is masked in every line that mentions it.
    rig.apiKey.value = 'sk-ant-api03-wrong-0000000000'
    answers.push((await converse(rig, 'With a wrong key')).end)
    answers.push(await rig.chat.testKey({ apiKey: 'sk-ant-api03-typed-1111111111' }))

    const texts = [
      JSON.stringify(answers),
      JSON.stringify(rig.events.all),
      rig.logLines.join('\n'),
      ...(await readAllFiles(rig.dir)).values()
    ]
    for (const key of [API_KEY, 'sk-ant-api03-wrong-0000000000', 'sk-ant-api03-typed-1111111111'])
      for (const text of texts) expect(countOccurrences(text, key)).toBe(0)
    // The fake saw the key: it did go to Anthropic, and only there.
    expect(rig.fake.messageRequests()[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`)
  })
})

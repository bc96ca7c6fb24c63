import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  memory,
  NEWEST_MODELS,
  reply,
  text,
  thinking,
  webSearch
} from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { converse, expectValidRequests, startRig, type ChatRig } from './harness'

/*
 * The requests memory chats send, byte for byte, kept in a file written before tools became
 * providers (issue 37): moving memory behind the provider seam must not change one byte of what
 * the API sees (tools, system text, context management, tool results, thinking, cache marks).
 * Only what is random per run (tool-use ids the fake makes, signatures) is named by its order.
 */

const tempDir = useTempDir('cairn-requests-unchanged-')

const ANTHROPIC_KEY = 'sk-ant-api03-' + 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_'.repeat(3) + 'AAAA'

/** Each request body the fake received, as JSON with per-run values replaced by their order. */
function recorded(rig: ChatRig): string {
  const names = new Map<string, string>()
  const name = (value: string, kind: string) => {
    if (!names.has(value)) names.set(value, `<${kind} ${names.size + 1}>`)
    return names.get(value)!
  }
  const bodies = rig.fake.messageRequests().map((r) => ({ betas: r.betas, body: r.body }))
  return JSON.stringify(bodies, null, 2)
    .replace(/srvtoolu_[A-Za-z0-9]+/g, (id) => name(id, 'server tool use'))
    .replace(/\btoolu_[A-Za-z0-9]+/g, (id) => name(id, 'tool use'))
    .replace(/"signature": "[^"]+"/g, (s) => `"signature": "${name(s, 'signature')}"`)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
}

describe('the requests a memory chat sends', () => {
  test('memory on: view, create, edit (approved), a secret refused, an unknown tool; then a second turn', async () => {
    const rig = await startRig(tempDir(), {
      settings: (s) => {
        s.memoryWriteApproval = 'ask-destructive'
        s.memoryGuidance = 'Keep notes short.'
      }
    })
    await writeFile(join(rig.memoryRoot, 'me.md'), '# Me\n- likes tea\n')
    rig.fake.script(
      reply([
        text('Let me look.'),
        memory({ command: 'view', path: '/memories' }, 'toolu_view'),
        memory(
          { command: 'create', path: '/memories/garden.md', file_text: '# Garden\n- roses\n' },
          'toolu_create'
        )
      ]),
      reply([
        memory(
          {
            command: 'str_replace',
            path: '/memories/me.md',
            old_str: '- likes tea',
            new_str: '- likes green tea'
          },
          'toolu_edit'
        ),
        memory(
          { command: 'create', path: '/memories/keys.md', file_text: `key: ${ANTHROPIC_KEY}\n` },
          'toolu_secret'
        ),
        { type: 'tool_use', name: 'calendar', input: { day: 'monday' }, id: 'toolu_other' }
      ]),
      reply('Noted.'),
      reply('You like green tea.')
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'I like green tea now.' })
    const pending = await rig.events.next('chat:approval-pending', (p) => p.turnId === sent.turnId)
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve' })
    expect((await rig.events.end(sent.turnId)).event).toBe('chat:done')
    await converse(rig, 'What do I drink?', id)
    expectValidRequests(rig.fake)
    await expect(recorded(rig)).toMatchFileSnapshot('__snapshots__/requests-memory-on.json')
  })

  test('memory off for the chat, with thinking, web search and context editing', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: NEWEST_MODELS },
      settings: (s) => {
        s.model = 'claude-sonnet-5-5'
        s.webBlockedDomains = ['example.com']
        s.contextEditing = { ...s.contextEditing, enabled: true, compaction: true }
      }
    })
    const { id } = await rig.chat.createConversation({ memory: 'off' })
    await rig.chat.setThinking({ conversationId: id, thinking: { enabled: true } })
    await rig.chat.updateConversation({ conversationId: id, webSearch: true })
    rig.fake.script(
      reply([
        thinking('Memory first.'),
        memory({ command: 'view', path: '/memories' }, 'toolu_off')
      ]),
      reply([
        thinking('Then the web.'),
        ...webSearch('tea', [{ title: 'Tea', url: 'https://en.wikipedia.org/wiki/Tea' }]),
        text('Tea is from China.')
      ])
    )
    await converse(rig, 'Where is tea from?', id)
    await rig.chat.updateConversation({ conversationId: id, memory: 'on' })
    rig.fake.script(reply('Now I can remember.'))
    await converse(rig, 'Remember that.', id)
    expectValidRequests(rig.fake)
    await expect(recorded(rig)).toMatchFileSnapshot('__snapshots__/requests-memory-off-web.json')
  })
})

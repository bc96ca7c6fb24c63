import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import { captureLogger, expectCairnError, useTempDir } from '../../__tests__/helpers'
import { createConversationStore } from '../conversations/conversation-store'
import { saveFailedFault } from '../api/faults'
import { apiError } from '../../../../../e2e/fake-anthropic'
import { converse, startRig, type ChatRig } from './harness'

/*
 * A failed save names its real cause. "Check that the disk is not full or read-only" used to
 * follow every failure, a permission problem or a conversation that could not be encoded alike.
 */

const tempDir = useTempDir('cairn-save-errors-')

const errno = (code: string, text: string) =>
  Object.assign(new Error(`${code}: ${text}, open '/home/someone/.config/Cairn/x.json'`), { code })

const BLANKET = /not full or read-only/

describe('save error wording', () => {
  test.each([
    ['ENOSPC', 'no space left on device', /disk is full/, /Free some disk space/],
    ['EDQUOT', 'disk quota exceeded', /disk quota is full/, /Free some disk space/],
    ['EROFS', 'read-only file system', /disk is read-only/, /writable/],
    ['EACCES', 'permission denied', /permission denied/, /may write to/],
    ['EPERM', 'operation not permitted', /permission denied/, /may write to/],
    ['EIO', 'i/o error', /EIO: i\/o error/, /Retry/],
    ['ENOTDIR', 'not a directory', /ENOTDIR: not a directory/, /Retry/]
  ])('%s: %s', (code, text, reason, next) => {
    const fault = saveFailedFault(errno(code, text))
    expect(fault.code).toBe('save-failed')
    expect(fault.message).toMatch(reason)
    expect(fault.message).toContain(code)
    expect(fault.nextStep).toMatch(next)
    expect(`${fault.message} ${fault.nextStep}`).not.toMatch(BLANKET)
    // The path in Node's message is not shown.
    expect(fault.message).not.toContain('/home/someone')
    // Only a full disk says the disk is full.
    if (code !== 'ENOSPC' && code !== 'EDQUOT')
      expect(`${fault.message} ${fault.nextStep}`).not.toMatch(/full/)
  })

  test('an error that is not from the file system says what it is', () => {
    const fault = saveFailedFault(new TypeError('something odd'))
    expect(fault.message).toBe(
      'The conversation could not be saved (an unexpected error: TypeError: something odd).'
    )
    expect(fault.nextStep).not.toMatch(BLANKET)
  })

  test('a conversation that cannot be turned into JSON says so, not "disk full"', async () => {
    const { logger } = captureLogger()
    const store = createConversationStore({ dir: tempDir(), logger, clock: () => new Date() })
    await store.ready()
    // As a hand-edited file could hold: an input nested deeper than JSON.stringify can go.
    let input: Record<string, unknown> = {}
    for (let i = 0; i < 20_000; i += 1) input = { a: input }
    const conversation: Conversation = {
      version: CONVERSATION_VERSION,
      id: 'deep0000-0000-4000-8000-000000000000',
      title: 'Deep',
      titleSource: 'auto',
      model: 'claude-sonnet-4-6',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      messages: [
        {
          id: 'm1',
          role: 'assistant',
          createdAt: '2025-01-01T00:00:00.000Z',
          model: 'claude-sonnet-4-6',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'memory', input }],
          status: 'complete',
          stopReason: 'tool_use',
          usage: null,
          error: null
        }
      ]
    }
    const error: unknown = await store.save(conversation).then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(Error)
    const fault = saveFailedFault(error)
    expect(fault.message).toMatch(
      /^The conversation could not be saved \(the conversation could not be turned into JSON: .*call stack/
    )
    expect(fault.nextStep).not.toMatch(BLANKET)
  })
})

describe('a send whose save fails', () => {
  test('names the cause it met, not a full disk', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    await breakConversationsFolder(rig)
    const error = await expectCairnError(
      rig.chat.send({ conversationId: id, text: 'hi' }),
      'CHAT_WRITE_FAILED'
    )
    expect(error.detail).toMatch(/^The conversation could not be saved \((EEXIST|ENOTDIR): /)
    expect(error.detail).toMatch(/try again/i)
    expect(error.detail).not.toMatch(BLANKET)
    expect(error.detail).not.toContain(rig.dir)
  })
})

/** A file where the conversations folder goes: every later write fails, not for want of space. */
async function breakConversationsFolder(rig: ChatRig): Promise<void> {
  const folder = join(rig.dir, 'user-data', 'conversations')
  await rm(folder, { recursive: true })
  await writeFile(folder, 'not a folder')
}

describe('a retry whose save fails', () => {
  test('keeps the failed reply in the conversation and starts no new one', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(apiError(400, { message: 'messages: bad' }))
    const { conversationId, end } = await converse(rig, 'Plan my trip')
    expect(end.event).toBe('chat:error')
    // A copy: the service hands back its live conversation.
    const before = structuredClone(
      (await rig.chat.getConversation({ conversationId })).conversation
    )
    expect(before.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'failed' })

    await breakConversationsFolder(rig)
    await expectCairnError(rig.chat.retry({ conversationId }), 'CHAT_WRITE_FAILED')
    // What the user sees (and the next request would send) is still what is on disk.
    const after = (await rig.chat.getConversation({ conversationId })).conversation
    expect(after.messages).toEqual(before.messages)
    expect(rig.fake.messageRequests()).toHaveLength(1)
  })
})

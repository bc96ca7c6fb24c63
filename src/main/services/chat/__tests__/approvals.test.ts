import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { PendingApproval } from '@shared/chat/approval'
import type { MemoryWriteApproval } from '@shared/app/settings'
import { memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { CLOSED_REASON, STOPPED_REASON } from '../approvals/approvals'
import { bodyOf, expectValidRequests, startRig, type ChatRig } from './harness'

const tempDir = useTempDir('cairn-approvals-')

const NOTE = '# Me\n- likes tea\n'
const EDITED = '# Me\n- likes green tea\n'
const EDIT = {
  command: 'str_replace',
  path: '/memories/me.md',
  old_str: '- likes tea',
  new_str: '- likes green tea'
}

async function rigWith(mode: MemoryWriteApproval): Promise<ChatRig> {
  const rig = await startRig(tempDir(), { settings: (s) => (s.memoryWriteApproval = mode) })
  await writeFile(join(rig.memoryRoot, 'me.md'), NOTE)
  return rig
}

const note = (rig: ChatRig) => readFile(join(rig.memoryRoot, 'me.md'), 'utf8')

/** Sends a message and waits until Claude's change waits for the user. */
async function untilPending(rig: ChatRig, message = 'I like green tea now.', id?: string) {
  const conversationId = id ?? (await rig.chat.createConversation()).id
  const seen = rig.events.of('chat:approval-pending').length
  const sent = await rig.chat.send({ conversationId, text: message })
  const pending = await rig.events.next(
    'chat:approval-pending',
    (p) => p.turnId === sent.turnId && rig.events.of('chat:approval-pending').indexOf(p) >= seen
  )
  return { conversationId, turnId: sent.turnId, pending }
}

/** The tool result Claude got back in request `index`. */
function resultIn(rig: ChatRig, index: number) {
  const messages = bodyOf(rig.fake, index).messages
  return messages[messages.length - 1]?.content.find((b) => b.type === 'tool_result')
}

describe('write approval in the tool loop', () => {
  test('decline: nothing touches the disk, Claude gets the reason as an error and goes on', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(
      reply([text('Updating.'), memory(EDIT, 'toolu_edit')]),
      reply('Understood, I left it as it was.')
    )
    const { conversationId, turnId, pending } = await untilPending(rig)
    expect(pending).toMatchObject({
      conversationId,
      turnId,
      toolUseId: 'toolu_edit',
      command: 'str_replace',
      path: '/memories/me.md',
      preview: { before: NOTE, after: EDITED }
    })
    // The request that asked for the change has ended: nothing is open while the user decides.
    expect(rig.fake.messageRequests()).toHaveLength(1)
    expect(rig.chat.listApprovals({ conversationId }).approvals).toEqual([pending])

    expect(
      rig.chat.answerApproval({ approvalId: pending.id, answer: 'decline', reason: 'not now' })
    ).toEqual({ status: 'answered' })
    const end = await rig.events.end(turnId)
    expect(end.payload).toMatchObject({ status: 'complete' })
    expect(await note(rig)).toBe(NOTE)
    expect(resultIn(rig, 1)).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_edit',
      content:
        'The user declined this change: not now\nNothing in memory was changed. Do not make this change again unless the user asks for it.',
      is_error: true,
      cache_control: { type: 'ephemeral' }
    })
    expect(rig.events.text(turnId)).toContain('Understood, I left it as it was.')
    expect(rig.events.of('chat:approval-resolved')).toEqual([
      { conversationId, approvalId: pending.id, outcome: 'declined' }
    ])
    expect(rig.chat.listApprovals().approvals).toEqual([])
    expect((await rig.store.activity({ actor: 'claude' })).entries).toEqual([])
    expectValidRequests(rig.fake)
  })

  test('decline without a reason says so plainly', async () => {
    const rig = await rigWith('ask-all')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('Fine.'))
    const { turnId, pending } = await untilPending(rig)
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'decline', reason: '   ' })
    await rig.events.end(turnId)
    expect(String(resultIn(rig, 1)?.content)).toMatch(/^The user declined this change\.\n/)
  })

  test('approve: the change runs and Claude gets the engine result', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('Noted.'))
    const { turnId, pending } = await untilPending(rig)
    expect(await note(rig)).toBe(NOTE) // still waiting: nothing written yet
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve' })
    await rig.events.end(turnId)
    expect(await note(rig)).toBe(EDITED)
    expect(resultIn(rig, 1)).toMatchObject({ is_error: false })
    expect(String(resultIn(rig, 1)?.content)).toContain('The memory file has been edited.')
    expect(rig.events.of('chat:approval-resolved')[0]?.outcome).toBe('approved')
    // A second answer finds nothing waiting.
    expect(rig.chat.answerApproval({ approvalId: pending.id, answer: 'decline' })).toEqual({
      status: 'gone'
    })
  })

  test('always allow in this chat: later writes in it run at once, other chats still ask', async () => {
    const rig = await rigWith('ask-all')
    rig.fake.script(
      reply([memory(EDIT, 'toolu_1')]),
      reply([memory({ command: 'create', path: '/memories/b.md', file_text: 'B' }, 'toolu_2')]),
      reply('Both saved.')
    )
    const first = await untilPending(rig)
    rig.chat.answerApproval({ approvalId: first.pending.id, answer: 'always-allow' })
    await rig.events.end(first.turnId)
    expect(await note(rig)).toBe(EDITED)
    expect(await readFile(join(rig.memoryRoot, 'b.md'), 'utf8')).toBe('B')
    expect(rig.events.of('chat:approval-pending')).toHaveLength(1)

    // Same chat, a later message: no card.
    rig.fake.script(
      reply([memory({ command: 'delete', path: '/memories/b.md' }, 'toolu_3')]),
      reply('Deleted.')
    )
    const again = await rig.chat.send({ conversationId: first.conversationId, text: 'Drop b.' })
    await rig.events.end(again.turnId)
    expect(await readdir(rig.memoryRoot)).toEqual(['me.md'])
    expect(rig.events.of('chat:approval-pending')).toHaveLength(1)

    // Another chat asks again.
    rig.fake.script(
      reply([memory({ command: 'delete', path: '/memories/me.md' }, 'toolu_4')]),
      reply('Ok.')
    )
    const other = await untilPending(rig, 'Forget me.')
    expect(other.conversationId).not.toBe(first.conversationId)
    expect(other.pending.command).toBe('delete')
    rig.chat.answerApproval({ approvalId: other.pending.id, answer: 'decline' })
    await rig.events.end(other.turnId)
    expect(await note(rig)).toBe(EDITED)
  })

  test('the file changes while the card is up: the same card shows the new change, one Approve runs it', async () => {
    const rig = await rigWith('ask-destructive')
    const insert = {
      command: 'insert',
      path: '/memories/me.md',
      insert_line: 1,
      insert_text: '- new'
    }
    rig.fake.script(reply([memory(insert, 'toolu_ins')]), reply('Added.'))
    const { turnId, pending } = await untilPending(rig)
    expect(pending.preview).toEqual({ before: NOTE, after: '# Me\n- new\n- likes tea\n' })
    // The user edits the file in Memory meanwhile: line 1 is now another line.
    await rig.store.write({ path: '/memories/me.md', content: '# About me\n- likes tea\n' })
    const updated = await rig.events.next('chat:approval-updated', (p) => p.id === pending.id)
    expect(updated).toMatchObject({
      revision: 1,
      onDisk: 'changed',
      preview: { before: '# About me\n- likes tea\n', after: '# About me\n- new\n- likes tea\n' }
    })
    expect(rig.chat.listApprovals().approvals).toEqual([updated])
    // An answer to the plan first shown is not run: the user has not seen what it would do now.
    expect(
      rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve', revision: 0 })
    ).toEqual({ status: 'changed' })
    expect(
      rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve', revision: 1 })
    ).toEqual({ status: 'answered' })
    await rig.events.end(turnId)
    expect(await note(rig)).toBe('# About me\n- new\n- likes tea\n')
    // One card, one answer: nothing was asked again.
    expect(rig.events.of('chat:approval-pending')).toHaveLength(1)
  })

  test('the file is deleted while the card is up: the card says so, Approve is refused, Decline tells Claude why', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('It is gone; nothing to edit.'))
    const { turnId, pending } = await untilPending(rig)
    await rig.store.delete('/memories/me.md')
    const updated = await rig.events.next('chat:approval-updated', (p) => p.id === pending.id)
    expect(updated).toMatchObject({
      revision: 1,
      onDisk: 'deleted',
      cannotApply: expect.stringMatching(/does not exist/)
    })
    expect(
      rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve', revision: 1 })
    ).toEqual({ status: 'changed' })
    expect(
      rig.chat.answerApproval({ approvalId: pending.id, answer: 'decline', revision: 1 })
    ).toEqual({ status: 'answered' })
    await rig.events.end(turnId)
    const result = resultIn(rig, 1)
    expect(result).toMatchObject({ is_error: true })
    expect(result?.content).toMatch(/does not exist/)
    expect(result?.content).toMatch(/changed on disk while this change waited/)
    expect(rig.events.of('chat:approval-pending')).toHaveLength(1)
  })

  test('a deleted file that comes back: the card shows a plan again and Approve runs it', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('Noted.'))
    const { turnId, pending } = await untilPending(rig)
    await rig.store.delete('/memories/me.md')
    await rig.events.next('chat:approval-updated', (p) => p.cannotApply !== undefined)
    await rig.store.create({ path: '/memories/me.md', content: NOTE })
    const back = await rig.events.next('chat:approval-updated', (p) => p.revision === 2)
    expect(back.cannotApply).toBeUndefined()
    expect(back.preview).toEqual({ before: NOTE, after: EDITED })
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve', revision: 2 })
    await rig.events.end(turnId)
    expect(await note(rig)).toBe(EDITED)
  })

  test.each(['ask-destructive', 'ask-all'] as const)(
    'a BOM file is asked about like any other (%s): nothing runs before the answer (finding 1)',
    async (mode) => {
      const rig = await rigWith(mode)
      const bom = Buffer.from([0xef, 0xbb, 0xbf])
      await writeFile(join(rig.memoryRoot, 'me.md'), Buffer.concat([bom, Buffer.from(NOTE)]))
      rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('Noted.'))
      const { turnId, pending } = await untilPending(rig)
      expect(pending.preview).toEqual({ before: NOTE, after: EDITED })
      expect(await note(rig)).toBe(`\uFEFF${NOTE}`) // nothing ran while the card waits
      rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve' })
      await rig.events.end(turnId)
      // The approved plan ran, and the BOM is still there.
      expect(await readFile(join(rig.memoryRoot, 'me.md'))).toEqual(
        Buffer.concat([bom, Buffer.from(EDITED)])
      )
    }
  )

  test('a stray second BOM: the plan and the run match the same text, so the change is asked about', async () => {
    // Before: the chat-side preview decoded with the BOM and found old_str twice, the engine
    // without it found it once, so there was no plan and the change ran unapproved.
    const rig = await rigWith('ask-all')
    const bom = Buffer.from([0xef, 0xbb, 0xbf])
    await writeFile(join(rig.memoryRoot, 'me.md'), Buffer.concat([bom, bom, Buffer.from(NOTE)]))
    const strip = {
      command: 'str_replace',
      path: '/memories/me.md',
      old_str: '\uFEFF',
      new_str: ''
    }
    rig.fake.script(reply([memory(strip, 'toolu_strip')]), reply('Cleaned.'))
    const { turnId, pending } = await untilPending(rig)
    expect(pending.preview).toEqual({ before: `\uFEFF${NOTE}`, after: NOTE })
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'decline' })
    await rig.events.end(turnId)
    expect(await readFile(join(rig.memoryRoot, 'me.md'))).toEqual(
      Buffer.concat([bom, bom, Buffer.from(NOTE)])
    )
  })

  test('an outside edit between the answer and the run is caught by the precondition and asked again', async () => {
    const rig = await rigWith('ask-all')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('Noted.'))
    const { turnId, pending } = await untilPending(rig)
    // Another program appends a line: the old_str still matches, but the text is not what was shown.
    await writeFile(join(rig.memoryRoot, 'me.md'), `${NOTE}- from my phone\n`)
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'approve' })
    const again = await rig.events.next('chat:approval-pending', (p) => p.id !== pending.id)
    expect(again.preview).toMatchObject({
      before: `${NOTE}- from my phone\n`,
      after: `${EDITED}- from my phone\n`
    })
    expect(again.onDisk).toBe('changed')
    expect(await note(rig)).toBe(`${NOTE}- from my phone\n`)
    rig.chat.answerApproval({ approvalId: again.id, answer: 'decline' })
    await rig.events.end(turnId)
    expect(await note(rig)).toBe(`${NOTE}- from my phone\n`)
  })

  test('a pending approval survives a renderer reload: listed again, answered from the list', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]), reply('Noted.'))
    const { conversationId, turnId, pending } = await untilPending(rig)
    // A reloaded window: its old subscription is gone, a new one starts, then it asks what waits.
    const seen: string[] = []
    const unsubscribe = rig.chat.onEvent((event) => void seen.push(event))
    const [listed] = rig.chat.listApprovals().approvals
    expect(listed).toEqual(pending)
    const { conversation, running } = await rig.chat.getConversation({ conversationId })
    expect(running).toBe(true)
    expect(conversation.messages.at(-1)).toMatchObject({ role: 'assistant' })
    rig.chat.answerApproval({ approvalId: (listed as PendingApproval).id, answer: 'approve' })
    await rig.events.end(turnId)
    unsubscribe()
    expect(seen).toContain('chat:approval-resolved')
    expect(await note(rig)).toBe(EDITED)
  })

  test('Stop cancels a pending approval: declined, the turn stops, the disk is untouched', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit'), memory(EDIT, 'toolu_again')]))
    const { conversationId, turnId, pending } = await untilPending(rig)
    expect(await rig.chat.stop({ conversationId })).toEqual({ stopped: true })
    const end = await rig.events.end(turnId)
    expect(end.payload).toMatchObject({ status: 'interrupted' })
    expect(await note(rig)).toBe(NOTE)
    expect(rig.events.of('chat:approval-resolved')).toEqual([
      { conversationId, approvalId: pending.id, outcome: 'cancelled' }
    ])
    expect(rig.chat.listApprovals().approvals).toEqual([])
    expect(rig.fake.messageRequests()).toHaveLength(1)
    const { conversation } = await rig.chat.getConversation({ conversationId })
    const results = conversation.messages.at(-1)
    expect(results?.role === 'user' && results.content).toEqual([
      expect.objectContaining({
        tool_use_id: 'toolu_edit',
        is_error: true,
        content: expect.stringContaining(`The user declined this change: ${STOPPED_REASON}`)
      }),
      expect.objectContaining({ tool_use_id: 'toolu_again', is_error: true })
    ])
  })

  test('quitting with one pending declines it and saves the answer; nothing is written', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(reply([memory(EDIT, 'toolu_edit')]))
    const { conversationId, turnId } = await untilPending(rig)
    await rig.chat.dispose()
    expect(rig.events.of('chat:approval-resolved')[0]?.outcome).toBe('declined')
    expect((await rig.events.end(turnId)).payload).toMatchObject({ status: 'interrupted' })
    expect(await note(rig)).toBe(NOTE)
    const restarted = await rig.restart()
    const { conversation } = await restarted.getConversation({ conversationId })
    const results = conversation.messages.at(-1)
    expect(results?.role === 'user' && results.content[0]).toMatchObject({
      tool_use_id: 'toolu_edit',
      is_error: true,
      content: expect.stringContaining(CLOSED_REASON)
    })
    expect(restarted.listApprovals().approvals).toEqual([])
  })

  test('ask before changes that remove or overwrite: a new file is created without asking', async () => {
    const rig = await rigWith('ask-destructive')
    rig.fake.script(
      reply([
        memory({ command: 'create', path: '/memories/new.md', file_text: 'N' }, 'toolu_new'),
        // Over an existing file: the engine refuses (create never overwrites), so nothing asks.
        memory({ command: 'create', path: '/memories/me.md', file_text: 'X' }, 'toolu_over'),
        memory({ command: 'view', path: '/memories' }, 'toolu_view')
      ]),
      reply('Done.')
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Save it.' })
    await rig.events.end(sent.turnId)
    expect(rig.events.of('chat:approval-pending')).toEqual([])
    expect(await readFile(join(rig.memoryRoot, 'new.md'), 'utf8')).toBe('N')
    expect(await note(rig)).toBe(NOTE)
    const results = bodyOf(rig.fake, 1).messages.at(-1)?.content ?? []
    expect(results.map((r) => [r.tool_use_id, r.is_error])).toEqual([
      ['toolu_new', false],
      ['toolu_over', true],
      ['toolu_view', false]
    ])
    expect(String(results[1]?.content)).toBe('Error: File /memories/me.md already exists')
  })

  test('a change that cannot apply does not ask: the engine answers its error', async () => {
    const rig = await rigWith('ask-all')
    rig.fake.script(
      reply([
        memory(
          { command: 'str_replace', path: '/memories/me.md', old_str: 'coffee', new_str: 'x' },
          'toolu_miss'
        )
      ]),
      reply('It was not there.')
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Edit.' })
    await rig.events.end(sent.turnId)
    expect(rig.events.of('chat:approval-pending')).toEqual([])
    expect(String(resultIn(rig, 1)?.content)).toContain('did not appear verbatim')
    expect(await note(rig)).toBe(NOTE)
  })

  test("the inspector's own edits never ask, whatever the mode", async () => {
    const rig = await rigWith('ask-all')
    await rig.store.write({ path: '/memories/me.md', content: 'mine' })
    await rig.store.create({ path: '/memories/other.md', content: 'o' })
    await rig.store.rename({ from: '/memories/other.md', to: '/memories/moved.md' })
    await rig.store.delete('/memories/moved.md')
    expect(await note(rig)).toBe('mine')
    expect(rig.events.of('chat:approval-pending')).toEqual([])
    expect(rig.chat.listApprovals().approvals).toEqual([])
  })

  test('automatic: nothing waits', async () => {
    const rig = await rigWith('automatic')
    rig.fake.script(
      reply([memory({ command: 'delete', path: '/memories/me.md' }, 'toolu_del')]),
      reply('Gone.')
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Forget me.' })
    await rig.events.end(sent.turnId)
    expect(rig.events.of('chat:approval-pending')).toEqual([])
    expect(await readdir(rig.memoryRoot)).toEqual([])
  })
})

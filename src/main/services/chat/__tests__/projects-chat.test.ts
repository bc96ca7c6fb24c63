import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { gate, memory, reply } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import type { MemoryToolRunner } from '../types'
import { bodyOf, converse, expectValidRequests, MODEL, startRig } from './harness'
import { testProjects } from './projects-rig'

const tempDir = useTempDir('cairn-projects-chat-')

/** A runner per space that notes which space each memory command reached. */
function spacesRunner(reached: string[]) {
  return (space: string): MemoryToolRunner => ({
    execute: async () => {
      reached.push(space)
      return { content: `Directory: /memories (space ${space})`, isError: false }
    }
  })
}

/** The text of a request's user turn: its blocks' text joined. */
function userText(content: Array<Record<string, unknown>> | undefined): string {
  return (content ?? []).map((b) => (typeof b.text === 'string' ? b.text : '')).join('\n')
}

describe('a chat in a project', () => {
  test("takes the project's space and defaults; an unknown project is refused", async () => {
    const projects = testProjects()
    projects.add('garden', {
      defaults: {
        model: 'claude-opus-4-6',
        webSearch: true,
        serversOff: ['github'],
        thinking: { enabled: true }
      }
    })
    const rig = await startRig(tempDir(), { service: { projects } })
    const chat = await rig.chat.createConversation({ project: 'garden' })
    expect(chat).toMatchObject({
      space: 'garden',
      model: 'claude-opus-4-6',
      web: { search: true, fetch: false },
      serversOff: ['github'],
      thinking: { enabled: true }
    })
    // An empty chat stays out of the list until its first message; its summary names the space.
    expect(await rig.chat.setPinned({ conversationId: chat.id, pinned: false })).toMatchObject({
      space: 'garden'
    })
    // The model asked for wins over the project's.
    const asked = await rig.chat.createConversation({ project: 'garden', model: MODEL })
    expect(asked.model).toBe(MODEL)

    await expect(rig.chat.createConversation({ project: 'gone' })).rejects.toThrow(
      /That project no longer exists/
    )
  })

  test("starts with the project's memory switch: over Settings', under one asked for", async () => {
    const projects = testProjects()
    projects.add('private', { defaults: { memory: 'off' } })
    projects.add('open', { defaults: { memory: 'on' } })
    projects.add('plain')
    const rig = await startRig(tempDir(), {
      service: { projects },
      settings: (s) => {
        s.newChatMemory = 'off'
      }
    })
    expect((await rig.chat.createConversation({ project: 'private' })).memory).toBe('off')
    // The project's "on" wins over Settings' "New chats without memory".
    expect((await rig.chat.createConversation({ project: 'open' })).memory).toBeUndefined()
    // A project that sets nothing: Settings', as outside projects.
    expect((await rig.chat.createConversation({ project: 'plain' })).memory).toBe('off')
    // "New chat without memory" is asked for: it wins over the project's.
    const asked = await rig.chat.createConversation({ project: 'open', memory: 'off' })
    expect(asked.memory).toBe('off')
  })

  test("its instructions follow Settings' in the system text; an edit reaches the next message", async () => {
    const projects = testProjects()
    projects.add('garden', { name: 'Garden', instructions: 'Use metric units.' })
    const rig = await startRig(tempDir(), {
      service: { projects },
      settings: (s) => {
        s.customInstructions = 'Be brief.'
      }
    })
    const { id } = await rig.chat.createConversation({ project: 'garden' })
    rig.fake.script(reply('Roses like sun.'), reply('Noted.'))
    await converse(rig, 'Where do roses grow?', id)
    const system = bodyOf(rig.fake, 0).system
    expect(system).toContain(
      'Be brief.\n\nInstructions for the project “Garden”, which this chat is in:\nUse metric units.'
    )

    projects.setInstructions('garden', 'Use imperial units.')
    await converse(rig, 'How tall?', id)
    const second = bodyOf(rig.fake, 1)
    // The system text is the chat's frame (its bytes never change); the edit goes on the message.
    expect(second.system).toBe(system)
    const note = userText(second.messages.at(-1)?.content)
    expect(note).toContain('The user changed the instructions for this chat')
    expect(note).toContain('Use imperial units.')
    expectValidRequests(rig.fake)
  })

  test("a chat's own instructions come after its project's", async () => {
    const projects = testProjects()
    projects.add('garden', { name: 'Garden', instructions: 'Use metric units.' })
    const rig = await startRig(tempDir(), { service: { projects } })
    const { id } = await rig.chat.createConversation({ project: 'garden' })
    await rig.chat.updateConversation({ conversationId: id, instructions: 'Answer in French.' })
    rig.fake.script(reply('Oui.'))
    await converse(rig, 'Hello', id)
    expect(bodyOf(rig.fake, 0).system).toMatch(/Use metric units\.\n\nAnswer in French\./)
  })
})

describe('moving a chat to a project', () => {
  test('is refused while a reply runs, with a clear message', async () => {
    const projects = testProjects()
    projects.add('garden')
    const rig = await startRig(tempDir(), { service: { projects } })
    const held = gate()
    rig.fake.script(
      reply('A long answer.', { fault: { kind: 'hold', afterDeltas: 1, gate: held } })
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Hi' })
    await rig.events.next('chat:delta', (d) => d.turnId === sent.turnId)
    await expect(rig.chat.moveToProject({ conversationId: id, project: 'garden' })).rejects.toThrow(
      /cannot move yet\. Stop the reply or answer the approval/
    )
    held.release()
    await rig.events.end(sent.turnId)
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    expect(conversation.space).toBeUndefined()
  })

  test('is refused while an approval waits', async () => {
    const projects = testProjects()
    projects.add('garden')
    const rig = await startRig(tempDir(), {
      service: { projects },
      settings: (s) => {
        s.memoryWriteApproval = 'ask-all'
      }
    })
    rig.fake.script(
      reply([memory({ command: 'create', path: '/memories/a.md', file_text: 'a' })]),
      reply('Done.')
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Save a.' })
    const pending = await rig.events.next('chat:approval-pending')
    await expect(rig.chat.moveToProject({ conversationId: id, project: 'garden' })).rejects.toThrow(
      /waiting for your approval/
    )
    rig.chat.answerApproval({ approvalId: pending.id, answer: 'decline' })
    await rig.events.end(sent.turnId)
  })

  test("says so in the chat, saves, and its next message uses the new project's memory, Claude told", async () => {
    const projects = testProjects()
    projects.add('garden', { name: 'Garden', instructions: 'Use metric units.' })
    const reached: string[] = []
    const rig = await startRig(tempDir(), {
      service: { projects, memoryIn: spacesRunner(reached) }
    })
    rig.fake.script(reply([memory({ command: 'view', path: '/memories' })]), reply('Nothing yet.'))
    const { conversationId: id } = await converse(rig, 'What do you remember?')
    expect(reached).toEqual(['default'])

    await expect(rig.chat.moveToProject({ conversationId: id, project: 'nope' })).rejects.toThrow(
      /That project no longer exists/
    )
    const moved = await rig.chat.moveToProject({ conversationId: id, project: 'garden' })
    expect(moved.space).toBe('garden')
    // Every window showing the chat reloads it.
    expect(await rig.events.next('chat:rewritten', (e) => e.conversationId === id)).toMatchObject({
      conversation: { space: 'garden' }
    })
    // On disk, as one save: the space and the notice together.
    const file = JSON.parse(
      await readFile(join(rig.dir, 'user-data', 'conversations', `${id}.json`), 'utf8')
    ) as { space?: string; messages: Array<{ role: string; kind?: string; text?: string }> }
    expect(file.space).toBe('garden')
    expect(file.messages.at(-1)).toMatchObject({
      role: 'notice',
      kind: 'moved-to-project',
      text: expect.stringContaining('Moved to the project “Garden”')
    })

    rig.fake.script(reply([memory({ command: 'view', path: '/memories' })]), reply('Garden notes.'))
    await converse(rig, 'And now?', id)
    expect(reached).toEqual(['default', 'garden'])
    const requests = rig.fake.messageRequests()
    const next = bodyOf(rig.fake, 2)
    expect(next.system).toBe(bodyOf(rig.fake, 0).system)
    const note = userText(next.messages.at(-1)?.content)
    expect(note).toContain('This chat was moved to the project “Garden”')
    expect(note).toContain('/memories is that project')
    expect(note).toContain('Use metric units.')
    // The notice itself is never sent to Claude.
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain('Moved to the project')

    // Moved back out: the default space again, and Claude told once more.
    await rig.chat.moveToProject({ conversationId: id, project: null })
    rig.fake.script(reply('Back.'))
    await converse(rig, 'Out again.', id)
    const last = userText(bodyOf(rig.fake, 4).messages.at(-1)?.content)
    expect(last).toContain('This chat was moved out of its project')
    expectValidRequests(rig.fake)
  })
})

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FILES_BETA, reply } from '../../../../e2e/fake-anthropic'
import { useTempDir } from '../../services/__tests__/helpers'
import { useServicesOnFake } from '../../services/__tests__/services-on-fake'
import { createHandlers } from '../handlers'

// A chat in a project on the real services (projects store, memory spaces, chat) against the
// fake API: the project's knowledge goes up once by the Files API, the store keeps its file_id,
// and a chat moved out of the project stops sending it.

describe('chats in a project, through the channels', () => {
  const tmp = useTempDir('cairn-project-chats-ipc-')
  const startServices = useServicesOnFake('project-chats-ipc')

  it('sends the knowledge by file_id, kept in the store; a chat moved out sends none', async () => {
    const spec = join(tmp(), 'spec.md')
    await writeFile(spec, '# Spec\nShip on Friday.\n')
    const { services, fake } = await startServices({
      userDataDir: join(tmp(), 'data'),
      deps: { pickFiles: async () => [spec] }
    })
    await services.secrets.setApiKey({ apiKey: 'sk-ant-valid-key-0001' })
    const handlers = createHandlers(services)
    const project = await handlers['projects:create']({
      name: 'Site',
      instructions: 'Answer as the release manager.'
    })
    await handlers['projects:add-knowledge']({ id: project.id })
    const chat = await handlers['chat:create-conversation']({ project: project.id })
    expect(chat.space).toBe(project.id)

    fake.script(reply('Friday.'), reply('No spec here.'))
    const first = await handlers['chat:send-message']({
      conversationId: chat.id,
      text: 'When do we ship?'
    })
    await services.chat.idle(chat.id)
    expect(first.turnId).toBeTruthy()
    const [stored] = (await handlers['projects:list'](undefined)).projects[0]!.knowledge
    expect(stored).toMatchObject({ name: 'spec.md', fileId: expect.stringMatching(/^file_/) })
    const request = fake.messageRequests()[0]!
    expect(request.betas).toContain(FILES_BETA)
    const body = request.body as {
      system: string
      messages: Array<{ content: Array<Record<string, unknown>> }>
    }
    expect(body.system).toContain('Answer as the release manager.')
    expect(body.messages[0]!.content[0]).toEqual({
      type: 'document',
      source: { type: 'file', file_id: stored!.fileId },
      title: 'spec.md'
    })

    await handlers['chat:move-to-project']({ conversationId: chat.id, project: null })
    await handlers['chat:send-message']({ conversationId: chat.id, text: 'And now?' })
    await services.chat.idle(chat.id)
    const after = JSON.stringify(fake.messageRequests()[1]!.body)
    expect(after).not.toContain(stored!.fileId!)
    expect(after).toContain('moved out of its project')
    expect(fake.fileRequests().filter((r) => r.method === 'POST')).toHaveLength(1)
  })
})

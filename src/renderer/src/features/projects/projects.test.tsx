import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { KnowledgeFile } from '@shared/projects/projects'
import { renderChat } from '../../test/render-app'
import type { FakeMain } from '../../test/fake-main'

const knowledge = (name: string, fileId: string | null, inlineReason: string | null) =>
  ({
    hash: name.length.toString(16).padStart(64, 'a'),
    name,
    kind: 'pdf',
    mediaType: 'application/pdf',
    size: 2048,
    addedAt: new Date().toISOString(),
    fileId,
    inlineReason
  }) as KnowledgeFile

// Which groups are closed is remembered on the computer: each test starts with all open.
beforeEach(() => localStorage.clear())

const list = () => screen.getByRole('list', { name: 'Conversation list' })
const group = (name: string) => within(list()).getByRole('list', { name })

/** Main says a chat file changed on disk: the list reads itself again. */
function reloadList(main: FakeMain, conversationId: string) {
  main.emit('chat:changed-outside', { conversationId, kind: 'changed' })
}

/** Two saved chats ("Lyon trip" and "Client code"), and a project "Acme" holding the second. */
async function seeded() {
  const ui = renderChat({ storedKey: 'sk-ant-test-1234' })
  const { main } = ui
  const acme = await main.api.projects.create({ name: 'Acme' })
  const lyon = await main.api.chat.createConversation()
  await main.api.chat.renameConversation({ conversationId: lyon.id, title: 'Lyon trip' })
  const code = await main.api.chat.createConversation({ project: acme.id })
  await main.api.chat.renameConversation({ conversationId: code.id, title: 'Client code' })
  reloadList(main, code.id)
  await waitFor(() => expect(list().textContent).toContain('Client code'))
  return { ...ui, acme, lyon, code }
}

describe('Projects in the sidebar', () => {
  it('groups chats by project, with "No project" for the rest; a group folds away', async () => {
    const { user } = await seeded()
    await waitFor(() => expect(within(group('Acme')).getByText('Client code')).toBeTruthy())
    expect(within(group('No project')).getByText('Lyon trip')).toBeTruthy()
    // Date headings sit inside "No project", one level down.
    expect(within(group('No project')).getByRole('heading', { level: 3 }).textContent).toBe('Today')

    const toggle = within(list()).getByRole('button', { name: /^Acme, 1 chat$/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(list()).queryByText('Client code')).toBeNull()
    // The keys walk only the rows on screen.
    const lyonRow = within(list()).getByRole('button', { name: /^Lyon trip/ })
    expect(lyonRow.getAttribute('tabindex')).toBe('0')
  })

  it('search lists chats from every project, each naming its project', async () => {
    const { user } = await seeded()
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'c')
    const hit = await within(list()).findByRole('button', { name: /^Client code/ })
    expect(hit.textContent).toContain('Acme')
    expect(within(list()).queryByRole('button', { name: /^Acme, / })).toBeNull()
  })

  it('without projects the list is grouped by date as before (no "No project" group)', async () => {
    const { main } = renderChat()
    const c = await main.api.chat.createConversation()
    await screen.findByRole('button', { name: 'New project' })
    reloadList(main, c.id)
    await within(list()).findByRole('heading', { name: 'Today' })
    expect(within(list()).queryByRole('button', { name: /No project/ })).toBeNull()
  })

  it('a new chat inside a project is made in it, and its header names the project', async () => {
    const { main, user } = await seeded()
    await user.click(await within(list()).findByRole('button', { name: 'New chat in Acme' }))
    await waitFor(() =>
      expect(main.callsTo('chat:create-conversation').at(-1)).toEqual({ project: 'p1' })
    )
    expect(await screen.findByRole('button', { name: 'Project: Acme (settings)' })).toBeTruthy()
  })

  it('moves a chat to a project from its row, and the row then sits in that project', async () => {
    const { main, user, lyon } = await seeded()
    await user.click(
      await within(list()).findByRole('button', { name: 'Move Lyon trip to a project' })
    )
    const dialog = screen.getByRole('dialog', { name: 'Move “Lyon trip” to a project' })
    expect(within(dialog).getByRole('radio', { name: /No project/ })).toHaveProperty(
      'checked',
      true
    )
    await user.click(within(dialog).getByRole('radio', { name: 'Acme' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    await waitFor(() =>
      expect(main.callsTo('chat:move-to-project')).toEqual([
        { conversationId: lyon.id, project: 'p1' }
      ])
    )
    await waitFor(() => expect(within(group('Acme')).getByText('Lyon trip')).toBeTruthy())
    expect(await screen.findByText(/is in Acme now: its next message uses/)).toBeTruthy()
  })
})

describe('New project', () => {
  it('shows where the memory will live, or why a folder cannot hold it', async () => {
    const { main, user } = renderChat()
    await user.click(await screen.findByRole('button', { name: 'New project' }))
    const dialog = screen.getByRole('dialog', { name: 'New project' })
    expect(within(dialog).getByText(/will live in Cairn's data folder/)).toBeTruthy()

    main.projects.control.folder = {
      folder: '/etc',
      memoryFolder: null,
      refused: 'It is a system folder.'
    }
    await user.click(within(dialog).getByRole('button', { name: 'Keep its memory in a folder…' }))
    const alert = await within(dialog).findByText(/cannot hold this project's memory/)
    expect(alert.textContent).toContain('It is a system folder.')
    expect(alert.textContent).toContain('Choose another folder')

    main.projects.control.folder = {
      folder: '/home/test/code/acme',
      memoryFolder: '/home/test/code/acme/.cairn/memories',
      refused: null
    }
    await user.click(within(dialog).getByRole('button', { name: 'Keep its memory in a folder…' }))
    expect(await within(dialog).findByText('/home/test/code/acme/.cairn/memories')).toBeTruthy()
    expect(within(dialog).queryByText(/cannot hold/)).toBeNull()

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme')
    await user.type(within(dialog).getByRole('textbox', { name: 'Instructions' }), 'Be brief.')
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }))
    await waitFor(() =>
      expect(main.callsTo('projects:create')).toEqual([
        { name: 'Acme', instructions: 'Be brief.', folder: '/home/test/code/acme' }
      ])
    )
    // The project's first chat starts at once, in it.
    await waitFor(() =>
      expect(main.callsTo('chat:create-conversation').at(-1)).toEqual({ project: 'p1' })
    )
    expect(await within(list()).findByRole('button', { name: /^Acme, / })).toBeTruthy()
  })

  it('a refused name keeps the dialog and what was typed, with the reason', async () => {
    const { main, user } = renderChat()
    await main.api.projects.create({ name: 'Acme' })
    await user.click(await screen.findByRole('button', { name: 'New project' }))
    const dialog = screen.getByRole('dialog', { name: 'New project' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme')
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }))
    expect((await within(dialog).findByText(/The project was not created/)).textContent).toContain(
      'already a project named “Acme”'
    )
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Acme')
  })
})

describe('Project settings', () => {
  it('adds knowledge (uploaded or inline with the reason) and removes it', async () => {
    const { main, user } = await seeded()
    await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Acme: project settings' })
    expect(within(dialog).getByText(/spaces\/p1\/memories/)).toBeTruthy()

    main.projects.control.knowledge = [
      knowledge('spec.pdf', 'file_011', null),
      knowledge('notes-long.pdf', null, 'the upload failed (503)'),
      knowledge('new.pdf', null, null)
    ]
    main.projects.control.refused = [{ name: 'tool.exe', message: 'not a text, PDF or image' }]
    await user.click(within(dialog).getByRole('button', { name: 'Add files…' }))
    expect(await within(dialog).findByText(/Uploaded/)).toBeTruthy()
    expect(within(dialog).getByText(/Sent inline: the upload failed \(503\)/)).toBeTruthy()
    // Not sent yet: main uploads it with the next message (it is not inline for that).
    expect(within(dialog).getByText(/Uploads with the next message in the project/)).toBeTruthy()
    expect(within(dialog).getByText(/“tool.exe” was not added: not a text/)).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Remove spec.pdf' }))
    await waitFor(() => expect(within(dialog).queryByText('spec.pdf')).toBeNull())
    expect(main.projects.projects[0]?.knowledge.map((k) => k.name)).toEqual([
      'notes-long.pdf',
      'new.pdf'
    ])
  })

  it('shows a failed upload with its reason and Retry; a retry that fails again says so', async () => {
    const { main, user } = await seeded()
    await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Acme: project settings' })
    main.projects.control.knowledge = [
      { ...knowledge('plan.pdf', null, 'The upload failed (HTTP 503).'), uploadFailure: 'failed' },
      knowledge('specification.pdf', 'file_011', null)
    ]
    await user.click(within(dialog).getByRole('button', { name: 'Add files…' }))
    expect(
      await within(dialog).findByText(/Upload failed: The upload failed \(HTTP 503\)/)
    ).toBeTruthy()
    // Only the failed file offers Retry.
    expect(
      within(dialog).queryByRole('button', { name: 'Retry uploading specification.pdf' })
    ).toBeNull()

    main.projects.control.retried = {
      fileId: null,
      inlineReason: 'The upload failed (connection reset).',
      uploadFailure: 'failed'
    }
    await user.click(within(dialog).getByRole('button', { name: 'Retry uploading plan.pdf' }))
    expect(await within(dialog).findByText(/did not upload this time either/)).toBeTruthy()
    expect(
      within(dialog).getByText(/Upload failed: The upload failed \(connection reset\)/)
    ).toBeTruthy()

    main.projects.control.retried = { fileId: 'file_012', inlineReason: null }
    await user.click(within(dialog).getByRole('button', { name: 'Retry uploading plan.pdf' }))
    await waitFor(() => expect(within(dialog).getAllByText(/· Uploaded/)).toHaveLength(2))
    expect(within(dialog).queryByRole('button', { name: /^Retry uploading/ })).toBeNull()
    expect(main.callsTo('projects:retry-knowledge')).toHaveLength(2)
  })

  it('saves the name, instructions and the model for new chats', async () => {
    const { main, user } = await seeded()
    await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Acme: project settings' })
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Acme Corp')
    await user.type(within(dialog).getByRole('textbox', { name: 'Instructions' }), 'Use TS.')
    const model = within(dialog).getByRole('combobox', { name: 'Model for new chats' })
    await within(model).findByRole('option', { name: 'Claude Opus 4.1' })
    await user.selectOptions(model, 'Claude Opus 4.1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(main.callsTo('projects:update')).toEqual([
        {
          id: 'p1',
          name: 'Acme Corp',
          instructions: 'Use TS.',
          defaults: { model: 'claude-opus-4-1' }
        }
      ])
    )
    expect(await within(list()).findByRole('button', { name: /^Acme Corp, 1 chat$/ })).toBeTruthy()
  })

  it('saves the thinking and tools new chats start with, as the chosen model takes them', async () => {
    const { main, user } = await seeded()
    main.mcp.overview = {
      servers: ['github', 'files'].map((id) => ({
        id,
        name: `Server ${id}`,
        enabled: true,
        transport: { type: 'stdio' as const, command: 'node', args: [], env: [] },
        status: {
          id,
          state: 'connected' as const,
          tools: 0,
          error: null,
          stderrTail: [],
          logFile: null
        },
        tools: []
      }))
    }
    await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Acme: project settings' })
    const model = within(dialog).getByRole('combobox', { name: 'Model for new chats' })
    await within(model).findByRole('option', { name: 'Claude Sonnet 4.6' })
    await user.selectOptions(model, 'Claude Sonnet 4.6')
    const thinking = within(dialog).getByRole('group', { name: 'Thinking' })
    await user.click(
      await within(thinking).findByRole('switch', { name: 'Think before answering' })
    )
    await user.selectOptions(within(thinking).getByRole('combobox', { name: 'Effort' }), 'high')
    const tools = within(dialog).getByRole('group', { name: 'Tools' })
    const memory = within(tools).getByRole('switch', { name: 'Memory' })
    expect(memory.getAttribute('aria-checked')).toBe('true')
    await user.click(memory)
    await user.click(within(tools).getByRole('switch', { name: 'Search the web' }))
    await user.click(await within(tools).findByRole('switch', { name: 'Server github' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(main.callsTo('projects:update').at(-1)).toMatchObject({
        defaults: {
          model: 'claude-sonnet-4-6',
          thinking: { enabled: true, effort: 'high' },
          memory: 'off',
          webSearch: true,
          serversOff: ['github']
        }
      })
    )

    // Opened again: the choices are there; a budget-only model offers a budget instead of effort.
    await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
    const again = screen.getByRole('dialog', { name: 'Acme: project settings' })
    const shown = within(again).getByRole('group', { name: 'Tools' })
    expect(within(shown).getByRole('switch', { name: 'Memory' }).getAttribute('aria-checked')).toBe(
      'false'
    )
    await user.selectOptions(
      within(again).getByRole('combobox', { name: 'Model for new chats' }),
      'Claude Opus 4.1'
    )
    const budgeted = within(again).getByRole('group', { name: 'Thinking' })
    expect(await within(budgeted).findByRole('textbox', { name: 'Budget' })).toHaveProperty(
      'value',
      '2048'
    )
    expect(within(budgeted).queryByRole('combobox', { name: 'Effort' })).toBeNull()
  })

  it('holds Save while the thinking budget does not fit the reply limit, and says what to change', async () => {
    const { main, user } = await seeded()
    await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Acme: project settings' })
    const model = within(dialog).getByRole('combobox', { name: 'Model for new chats' })
    await within(model).findByRole('option', { name: 'Claude Opus 4.1' })
    await user.selectOptions(model, 'Claude Opus 4.1')
    const thinking = within(dialog).getByRole('group', { name: 'Thinking' })
    await user.click(
      await within(thinking).findByRole('switch', { name: 'Think before answering' })
    )
    const budget = within(thinking).getByRole('textbox', { name: 'Budget' })
    await user.clear(budget)
    await user.type(budget, '900000')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText(/Not saved: the thinking budget doesn.t fit the reply limit/)
    ).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Acme: project settings' })).toBeTruthy()
    expect(main.callsTo('projects:update')).toEqual([])

    await user.clear(budget)
    await user.type(budget, '4000')
    await user.tab()
    expect(within(dialog).queryByText(/Not saved/)).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(main.callsTo('projects:update').at(-1)).toMatchObject({
        defaults: { thinking: { enabled: true, budgetTokens: 4000 } }
      })
    )
  })

  it.each([
    ['keep', 'Keep the folder', /Its memory stays in/],
    ['archive', 'Archive it', /archived in .*p1\.cairnmem/],
    ['delete', 'Delete it with its history', /Its memory was deleted/]
  ] as const)(
    'Delete project… shows what goes, then deletes with the choice %s',
    async (choice, label, said) => {
      const { main, user } = await seeded()
      main.projects.projects[0]!.folder = '/home/test/code/acme'
      main.projects.control.files = ['/memories/a.md', '/memories/b.md']
      await user.click(await within(list()).findByRole('button', { name: 'Acme settings' }))
      const settings = screen.getByRole('dialog', { name: 'Acme: project settings' })
      await user.click(within(settings).getByRole('button', { name: 'Delete project…' }))
      const dialog = screen.getByRole('dialog', { name: 'Delete “Acme”?' })
      expect(await within(dialog).findByText(/Its 1 chat moves to No project/)).toBeTruthy()
      const files = within(dialog).getByRole('list', { name: 'Memory files in the folder' })
      expect(files.textContent).toContain('/memories/a.md')
      // Keep is chosen first: nothing is deleted without choosing it.
      expect(within(dialog).getByRole('radio', { name: /Keep the folder/ })).toHaveProperty(
        'checked',
        true
      )
      await user.click(within(dialog).getByRole('radio', { name: new RegExp(label) }))
      const confirm = within(dialog).getByRole('button', {
        name: choice === 'delete' ? 'Delete project and 2 files' : 'Delete project'
      })
      await user.click(confirm)
      await waitFor(() =>
        expect(main.callsTo('projects:delete')).toEqual([{ id: 'p1', memory: choice }])
      )
      expect(await screen.findByText(said)).toBeTruthy()
      await waitFor(() =>
        expect(within(list()).queryByRole('button', { name: /^Acme/ })).toBeNull()
      )
    }
  )
})

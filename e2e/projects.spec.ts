import { access, mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { ProjectsPage } from './pages/projects-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

/*
 * Issue 38: projects in the sidebar (with and without a folder of their own), a chat in one, a
 * chat moved to one, Memory's space switcher showing only the chosen project's notes, and
 * Delete project… with each of its three memory choices. Folders picked live in this test's own
 * output folder.
 */

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false
  )

test('projects: with and without a folder, a chat in one, a chat moved, Memory per project', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(420_000) // six looks, each in light and dark at two sizes, with axe
  const page = cairn.page
  const app = new AppPage(page)
  const chat = new ChatPage(page)
  const projects = new ProjectsPage(page)
  const repo = testInfo.outputPath('acme-repo')
  await mkdir(repo, { recursive: true })
  await writeFile(join(cairn.userDataDir, 'memories', 'main-note.md'), 'Lives in Lyon.\n')
  await app.goto('Chat')
  await chat.useSessionKey()

  // A chat in "No project" first, so there is something to move.
  cairn.anthropic!.script(reply('Noted.'), reply('Sure.'), reply('Here is the plan.'))
  await chat.newChat()
  await chat.send('Trip to Lyon')
  await expect(chat.log()).toContainText('Noted.')

  // Without a folder: memory in Cairn's data folder; the project's first chat opens at once.
  let dialog = await projects.startNewProject('Recipes', 'Answer with metric units.')
  await expect(dialog.getByText(/will live in Cairn's data folder/)).toBeVisible()
  await projects.create(dialog, 'Recipes')
  await expect(page.getByRole('button', { name: 'Project: Recipes (settings)' })).toBeVisible()
  await chat.send('Bread for Sunday')
  await expect(chat.log()).toContainText('Sure.')
  await expect(
    projects.group('Recipes').getByRole('button', { name: /^Bread for Sunday/ })
  ).toBeVisible()

  // A folder Cairn refuses (its own data folder) says why, under the field; then one it takes.
  dialog = await projects.startNewProject('Acme')
  await cairn.answerOpenDialog([cairn.userDataDir])
  await dialog.getByRole('button', { name: 'Keep its memory in a folder…' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'cannot hold' })).toBeVisible()
  await cairn.answerOpenDialog([repo])
  await dialog.getByRole('button', { name: 'Keep its memory in a folder…' }).click()
  await expect(dialog.getByText(join(repo, '.cairn', 'memories'))).toBeVisible()
  await expect(dialog.getByText(/cannot hold/)).toHaveCount(0)
  await checkEveryLook(page, testInfo, 'projects-new-dialog')
  await projects.create(dialog, 'Acme')

  // Knowledge: added through the OS dialog, uploaded with the project's next message.
  const spec = testInfo.outputPath('acme-spec.md')
  await writeFile(spec, '# Acme\n\nShips on Fridays.\n')
  let settings = await projects.openSettings('Acme')
  await cairn.answerOpenDialog([spec])
  await settings.getByRole('button', { name: 'Add files…' }).click()
  await expect(settings.getByText('acme-spec.md')).toBeVisible()
  await expect(settings.getByText(/Uploads with the next message/)).toBeVisible()
  await checkEveryLook(page, testInfo, 'projects-settings-dialog')

  // A thinking budget the reply limit can't hold holds Save, saying what to change; thinking off
  // lets it go again.
  await settings
    .getByRole('combobox', { name: 'Model for new chats' })
    .selectOption({ label: 'Claude Haiku 4.5' })
  let thinking = settings.getByRole('group', { name: 'Thinking' })
  await thinking.getByRole('switch', { name: 'Think before answering' }).click()
  await thinking.getByRole('textbox', { name: 'Budget' }).fill('900000')
  await thinking.getByRole('textbox', { name: 'Budget' }).blur()
  await settings.getByRole('button', { name: 'Save' }).click()
  const held = settings.getByRole('alert').filter({ hasText: /^Not saved: the thinking budget/ })
  await expect(held).toBeVisible()
  await checkEveryLook(page, testInfo, 'projects-settings-thinking-held', held)
  await thinking.getByRole('switch', { name: 'Think before answering' }).click()
  await expect(held).toHaveCount(0)

  // What new chats in Acme start with: a model, thinking at high effort, no memory, web search.
  await settings
    .getByRole('combobox', { name: 'Model for new chats' })
    .selectOption({ label: 'Claude Sonnet 4.6' })
  thinking = settings.getByRole('group', { name: 'Thinking' })
  await thinking.getByRole('switch', { name: 'Think before answering' }).click()
  await thinking.getByRole('combobox', { name: 'Effort' }).selectOption('high')
  const tools = settings.getByRole('group', { name: 'Tools' })
  await tools.getByRole('switch', { name: 'Memory' }).click()
  await tools.getByRole('switch', { name: 'Search the web' }).click()
  await expect(tools.getByRole('switch', { name: 'Memory' })).toHaveAttribute(
    'aria-checked',
    'false'
  )
  await checkEveryLook(page, testInfo, 'projects-settings-defaults', tools)
  await settings.getByRole('button', { name: 'Save' }).click()
  await expect(settings).toBeHidden()
  await projects.list().getByRole('button', { name: 'New chat in Acme' }).click()
  await expect(page.getByRole('button', { name: 'Project: Acme (settings)' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Model for this chat' })).toHaveValue(
    'claude-sonnet-4-6'
  )
  await expect(page.getByRole('switch', { name: /Memory off/ })).toHaveAttribute(
    'aria-checked',
    'false'
  )
  await expect(page.getByRole('button', { name: /^Thinking · high/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Web: search/ })).toBeVisible()
  // A chat outside projects starts as before.
  await chat.newChat()
  await expect(page.getByRole('button', { name: 'Project: Acme (settings)' })).toHaveCount(0)
  await expect(page.getByRole('switch', { name: /^Memory/ })).toHaveAttribute(
    'aria-checked',
    'true'
  )

  // Move the Lyon chat to Acme from its row; the list and the header say where it is.
  await projects.moveChat('Trip to Lyon', 'Acme')
  await expect(projects.group('Acme').getByRole('button', { name: /^Trip to Lyon/ })).toBeVisible()
  await expect(page.getByText(/“Trip to Lyon” is in Acme now/)).toBeVisible()
  await chat.listItem(/^Trip to Lyon/).click()
  await expect(page.getByRole('button', { name: 'Project: Acme (settings)' })).toBeVisible()
  // The upload fails (the API answers 503): the file goes inline meanwhile, and the project's
  // settings say why, with Retry, which uploads it.
  cairn.anthropic!.files.failUploads({ kind: 'error', status: 503 })
  await chat.send('What next?')
  await expect(chat.log()).toContainText('Here is the plan.')
  settings = await projects.openSettings('Acme')
  await expect(
    settings.getByText(/Upload failed: The upload to the Files API failed \(HTTP 503/)
  ).toBeVisible()
  const retry = settings.getByRole('button', { name: 'Retry uploading acme-spec.md' })
  await checkEveryLook(page, testInfo, 'projects-knowledge-failed', retry)
  await retry.click()
  await expect(settings.getByText(/· Uploaded/)).toBeVisible()
  await expect(retry).toHaveCount(0)
  expect(cairn.anthropic!.files.list().map((f) => f.filename)).toEqual(['acme-spec.md'])
  await settings.getByRole('button', { name: 'Cancel' }).click()

  await checkEveryLook(page, testInfo, 'projects-sidebar')

  // Memory opens on the chat's project and shows only that project's notes.
  const memoryFolder = join(repo, '.cairn', 'memories')
  await mkdir(memoryFolder, { recursive: true })
  await writeFile(join(memoryFolder, 'acme-note.md'), 'Acme ships on Fridays.\n')
  await app.goto('Memory')
  const memory = new MemoryPage(page)
  await expect(projects.spaceSwitcher()).toHaveValue(/.+/)
  await expect(projects.spaceSwitcher().locator('option:checked')).toHaveText('Acme')
  await expect(memory.file('acme-note.md')).toBeVisible()
  await expect(memory.file('main-note.md')).toHaveCount(0)
  await checkEveryLook(page, testInfo, 'projects-space-switcher')
  await projects.spaceSwitcher().selectOption({ label: 'No project' })
  await expect(memory.file('main-note.md')).toBeVisible()
  await expect(memory.file('acme-note.md')).toHaveCount(0)
  await projects.spaceSwitcher().selectOption({ label: 'Recipes' })
  await expect(memory.file('main-note.md')).toHaveCount(0)
  await expect(memory.file('acme-note.md')).toHaveCount(0)
})

test('Delete project… shows the files that would go and keeps, archives or deletes them', async ({
  cairn
}, testInfo) => {
  test.setTimeout(180_000) // and a look at the dialog in light and dark at two sizes
  const page = cairn.page
  const projects = new ProjectsPage(page)
  await new AppPage(page).goto('Chat')
  const choices = [
    ['Kept', 'Keep the folder'],
    ['Archived', 'Archive it'],
    ['Deleted', 'Delete it with its history']
  ] as const
  for (const [name, choice] of choices) {
    const repo = testInfo.outputPath(name.toLowerCase())
    await mkdir(repo, { recursive: true })
    await writeFile(join(repo, 'README.md'), 'Not memory: never touched.\n')
    const dialog = await projects.startNewProject(name)
    await cairn.answerOpenDialog([repo])
    await dialog.getByRole('button', { name: 'Keep its memory in a folder…' }).click()
    await expect(dialog.getByText(join(repo, '.cairn', 'memories'))).toBeVisible()
    await projects.create(dialog, name)
    const note = join(repo, '.cairn', 'memories', `${name.toLowerCase()}.md`)
    await writeFile(note, `${name} notes.\n`)

    const confirm = await projects.deleteProject(name, choice)
    // A folder the user picked: the dialog lists exactly the files that would go.
    await expect(confirm.getByRole('list', { name: 'Memory files in the folder' })).toContainText(
      `/memories/${name.toLowerCase()}.md`
    )
    if (name === 'Deleted') await checkEveryLook(page, testInfo, 'projects-delete-dialog')
    await confirm
      .getByRole('button', {
        name:
          choice === 'Delete it with its history'
            ? /^Delete project and 1 file$/
            : /^Delete project$/
      })
      .click()
    await expect(page.getByText(new RegExp(`Project “${name}” deleted`))).toBeVisible()
    await expect(projects.groupToggle(name)).toHaveCount(0)
    expect(await exists(join(repo, 'README.md'))).toBe(true)
    expect(await exists(note)).toBe(choice === 'Keep the folder')
  }
  const archives = await readdir(join(cairn.userDataDir, 'project-archives'))
  expect(archives).toHaveLength(1)
})

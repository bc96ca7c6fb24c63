import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Memory → a note copied or moved to a project's memory (issue 38): the inspector's Copy to…
// writes it through the project's own write path; a move takes it out of this memory once the
// copy is written; a note of that name there is never overwritten.

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

test('Copy to… moves a note into a project, and refuses to overwrite one there', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  const root = join(cairn.userDataDir, 'memories')
  await mkdir(root, { recursive: true, mode: 0o700 })
  await writeFile(join(root, 'stack.md'), 'Next.js 15 on Vercel\n', { mode: 0o600 })
  await writeFile(join(root, 'trip.md'), 'Lisbon in May\n', { mode: 0o600 })
  // A project made through the app's own channel (its memory in Cairn's data folder).
  const project = await page.evaluate(() =>
    (
      globalThis as unknown as {
        cairn: { projects: { create(input: { name: string }): Promise<{ memoryFolder: string }> } }
      }
    ).cairn.projects.create({ name: 'Client site' })
  )
  await writeFile(join(project.memoryFolder, 'trip.md'), 'Porto in June\n', { mode: 0o600 })

  await new AppPage(page).goto('Memory')
  const memory = new MemoryPage(page)
  await memory.open('stack.md')
  await memory.view().getByRole('button', { name: 'Copy to…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Copy or move stack.md' })
  await expect(dialog.getByLabel('To the memory of')).toHaveValue(/.+/)
  await expect(dialog.getByRole('option', { name: 'Client site' })).toBeAttached()
  await dialog.getByLabel('Move: remove it here once the copy is written').check()
  await checkEveryLook(page, testInfo, 'memory-to-project')
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog).toBeHidden()
  await expect(memory.file('stack.md')).toBeHidden()
  expect(await readFile(join(project.memoryFolder, 'stack.md'), 'utf8')).toBe(
    'Next.js 15 on Vercel\n'
  )
  expect(await exists(join(root, 'stack.md'))).toBe(false)

  // The project has its own trip.md: the copy is refused there, with the reason, and both stay.
  await memory.open('trip.md')
  await memory.view().getByRole('button', { name: 'Copy to…' }).click()
  const again = page.getByRole('dialog', { name: 'Copy or move trip.md' })
  await again.getByRole('button', { name: 'Copy' }).click()
  await expect(again.getByRole('alert')).toHaveText(
    /"Client site" has a note at \/memories\/trip\.md already\. Rename one of them first\./
  )
  await again.getByRole('button', { name: 'Cancel' }).click()
  expect(await readFile(join(project.memoryFolder, 'trip.md'), 'utf8')).toBe('Porto in June\n')
  expect(await readFile(join(root, 'trip.md'), 'utf8')).toBe('Lisbon in May\n')
})

test("a project's memory keeps its own approval setting, saved beside its state", async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  const project = await page.evaluate(() =>
    (
      globalThis as unknown as {
        cairn: { projects: { create(input: { name: string }): Promise<{ id: string }> } }
      }
    ).cairn.projects.create({ name: 'Client site' })
  )
  await new AppPage(page).goto('Memory')
  const memory = new MemoryPage(page)
  await memory
    .view()
    .getByRole('combobox', { name: 'Memory space' })
    .selectOption({ label: 'Client site' })
  await memory.view().getByRole('button', { name: 'Settings', exact: true }).click()
  const approval = memory.view().getByRole('region', { name: 'Approving Claude’s changes' })
  await expect(approval).toContainText('Saved without asking')
  // Each choice is saved in main first and shown once saved: click, then wait for the state.
  await approval.getByRole('checkbox', { name: /This project’s own/ }).click()
  await expect(approval.getByRole('checkbox', { name: /This project’s own/ })).toBeChecked()
  await approval.getByRole('radio', { name: 'Ask before every change' }).click()
  await expect(approval).toContainText('Ask before every change')
  await checkEveryLook(page, testInfo, 'space-settings', approval)
  // Saved in the project's own state folder; Settings' approval is untouched.
  const file = join(cairn.userDataDir, 'spaces', project.id, 'state', 'space-settings.json')
  await expect
    .poll(async () => readFile(file, 'utf8').catch(() => ''))
    .toContain('"memoryWriteApproval": "ask-all"')
  await expect(approval.getByRole('radio', { name: 'Ask before every change' })).toBeChecked()

  // Its own expiry is what its Expiry pane shows (Settings say files never expire).
  const expiry = memory.view().getByRole('region', { name: 'Expiry' })
  await expiry.getByRole('checkbox', { name: /This project’s own/ }).click()
  await expect(expiry.getByRole('checkbox', { name: /This project’s own/ })).toBeChecked()
  await expiry.getByRole('radio', { name: 'When idle' }).click()
  await expect(expiry.getByRole('radio', { name: 'When idle' })).toBeChecked()
  await memory.view().getByRole('button', { name: 'Expiry', exact: true }).click()
  await expect(memory.view()).toContainText('Expire after 90 days without use')
  await memory.view().getByRole('button', { name: 'Settings', exact: true }).click()

  // The project's memory exports on its own (its notes, not No project's).
  await writeFile(join(cairn.userDataDir, 'memories', 'home.md'), 'not the project’s\n')
  const folder = join(cairn.userDataDir, 'spaces', project.id, 'memories')
  await writeFile(join(folder, 'deploy.md'), 'staging on Fridays\n', { mode: 0o600 })
  const backup = memory.view().getByRole('region', { name: 'Export and import' })
  await backup.getByRole('button', { name: 'Export memory…' }).click()
  await expect(backup.getByRole('status')).toContainText(/Saved .*\.cairnmem: 1 file/)
  const [archive] = await cairn.savedFiles()
  expect(archive).toMatch(/\.cairnmem$/)
})

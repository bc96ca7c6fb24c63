import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Memory → naming files as a new user does (issue 36, minors): a refused name in New file or
// Rename keeps the dialog and what was typed, and says why in plain words under the field: not
// the engine's words for Claude (fixed by the tool's spec), and no banner left behind.

async function seed(userDataDir: string): Promise<void> {
  const root = join(userDataDir, 'memories')
  await mkdir(join(root, 'work'), { recursive: true, mode: 0o700 })
  await writeFile(join(root, 'work', 'notes.md'), '# Work notes\n', { mode: 0o600 })
  await writeFile(join(root, 'trip.md'), 'Lisbon in May\n', { mode: 0o600 })
}

/** Types `typed` into a name dialog, confirms, and expects it refused with `reason`. */
async function refused(dialog: Locator, confirm: string, typed: string, reason: RegExp) {
  const field = dialog.getByRole('textbox')
  await field.fill(typed)
  await dialog.getByRole('button', { name: confirm }).click()
  await expect(dialog.getByRole('alert')).toHaveText(reason)
  await expect(dialog).toBeVisible()
  await expect(field).toHaveValue(typed)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(reason)
}

test('New file: a refused name keeps the dialog and the text, says why in plain words, leaves no banner', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  await seed(cairn.userDataDir)
  await new AppPage(page).goto('Memory')
  const memory = new MemoryPage(page)
  await expect(memory.file('trip.md')).toBeVisible()
  await memory.view().getByRole('button', { name: 'New file' }).click()
  const dialog = page.getByRole('dialog', { name: 'New memory file' })

  await refused(dialog, 'Create', '../../escape.md', /cannot contain "\." or "\.\." parts/)
  await checkEveryLook(page, testInfo, 'new-file-escape')
  await refused(
    dialog,
    'Create',
    'work/notes.md',
    /^A file named notes\.md already exists in \/memories\/work\. Choose another name\.$/
  )
  await refused(
    dialog,
    'Create',
    'work',
    /^A folder named work already exists in \/memories\. Choose another name\.$/
  )
  await refused(dialog, 'Create', 'trip.md/day-1.md', /\/memories\/trip\.md is a file/)
  await refused(dialog, 'Create', 'a:b.md', /a character files cannot have on every computer/)
  // Engine words written for Claude never reach the dialog.
  await expect(dialog).not.toContainText(/Error:|does not exist|segments|EEXIST/)

  // Editing the name takes the reason away; a good name makes the file and closes the dialog.
  await dialog.getByRole('textbox').fill('work/plan.md')
  await expect(dialog.getByRole('alert')).toBeEmpty()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toBeHidden()
  await expect(memory.view().getByRole('heading', { level: 2 })).toHaveText(
    '/memories/work/plan.md'
  )
  // No banner was left behind, and nothing was written outside the memory folder.
  await expect(memory.view().getByRole('alert')).toHaveCount(0)
  expect(await readdir(cairn.userDataDir)).not.toContain('escape.md')
})

test('Rename: a taken or refused name keeps the dialog and says why in plain words', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  await seed(cairn.userDataDir)
  await new AppPage(page).goto('Memory')
  const memory = new MemoryPage(page)
  await memory.open('trip.md')
  await memory.view().getByRole('button', { name: 'Rename' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename file' })

  await refused(
    dialog,
    'Rename',
    'work/notes.md',
    /^A file named notes\.md already exists in \/memories\/work\. Choose another name\.$/
  )
  await checkEveryLook(page, testInfo, 'rename-taken')
  await refused(dialog, 'Rename', '../trip.md', /cannot contain "\." or "\.\." parts/)
  await expect(dialog).not.toContainText(/Error:|destination|segments/)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(memory.view().getByRole('alert')).toHaveCount(0)
})

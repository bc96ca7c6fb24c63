import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// A cairn://memory/… link (or a chat chip) to a file that is not in memory (issue 36, minors):
// the File pane says it is not there and why it may be, with a search and a way out, instead of
// the blank "Choose a file" pane.

test('a link to a memory file that is not there says so, with a search and a way out', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  const root = join(cairn.userDataDir, 'memories')
  await mkdir(join(root, 'work'), { recursive: true, mode: 0o700 })
  await writeFile(join(root, 'work', 'notes.md'), '# Work notes\n', { mode: 0o600 })
  await new AppPage(page).waitForReady()
  await cairn.openLink('cairn://memory/does-not-exist.md')
  const memory = new MemoryPage(page)
  const said = memory.view().getByRole('status').filter({ hasText: 'is not in memory' })
  await expect(said).toHaveText(
    /\/memories\/does-not-exist\.md is not in memory: it may have been renamed or deleted\./,
    { timeout: 8_000 }
  )
  await checkEveryLook(page, testInfo, 'link-missing-file')

  // Search fills the search box with the name; Close leaves the usual empty pane.
  await said.getByRole('button', { name: 'Search memory for does-not-exist.md' }).click()
  await expect(memory.view().getByRole('searchbox', { name: 'Search memory' })).toHaveValue(
    'does-not-exist.md'
  )
  await said.getByRole('button', { name: 'Close' }).click()
  await expect(said).toBeHidden()
  await expect(memory.view().getByText('Choose a file on the left')).toBeVisible()

  // A link to a folder says it is one.
  await cairn.openLink('cairn://memory/work')
  await expect(memory.view().getByRole('status').filter({ hasText: 'is a folder' })).toHaveText(
    /\/memories\/work is a folder\. Choose a file in it on the left\./
  )
})

import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Issue 36: a file renamed outside Cairn is one file moved (not a deletion and a creation), and
// 100 files arriving at once are one Activity entry with the files listed on demand and one Undo.

test('an outside rename is one entry; 100 files moved in are one entry with their list and one Undo', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  const root = join(cairn.userDataDir, 'memories')
  await mkdir(root, { recursive: true, mode: 0o700 })
  const app = new AppPage(page)
  await app.goto('Memory')
  const memory = new MemoryPage(page)

  await writeFile(join(root, 'draft.md'), '# Draft\n\nfirst words\n')
  await expect(memory.file('draft.md')).toBeVisible()
  await rename(join(root, 'draft.md'), join(root, 'final.md'))
  await expect(memory.file('final.md')).toBeVisible()
  await memory.showPane('Activity')
  await expect(
    memory.activity().getByText('Renamed outside Cairn: draft.md → final.md')
  ).toHaveCount(1)
  await expect(memory.activity().getByText(/^Deleted outside Cairn/)).toHaveCount(0)

  // Another program drops in a folder of 100 notes at once.
  const aside = join(cairn.userDataDir, 'export')
  await mkdir(aside, { mode: 0o700 })
  for (let i = 1; i <= 100; i++)
    await writeFile(join(aside, `note-${String(i).padStart(3, '0')}.md`), `# Note ${i}\n`)
  await rename(aside, join(root, 'notes'))
  const batch = memory
    .activity()
    .getByRole('listitem')
    .filter({ hasText: /^100 files changed outside Cairn: notes\/note-001\.md/ })
  await expect(batch).toHaveCount(1)
  await expect(batch.getByRole('button', { name: /^(Undo|Restore)/ })).toHaveCount(1)
  await expect(batch.getByRole('button', { name: /^Open/ })).toHaveCount(0)
  await batch.getByRole('button', { name: 'Show 100 files' }).click()
  const files = batch.getByRole('list', { name: 'Files changed outside Cairn' })
  await expect(files.getByRole('listitem')).toHaveCount(100)
  await expect(files.getByRole('listitem').first()).toHaveText('notes/note-001.mdadded')
  await checkEveryLook(page, testInfo, 'outside-batch', batch)

  await batch.getByRole('button', { name: /^Undo 100 files changed outside Cairn/ }).click()
  await expect(batch.getByRole('status')).toHaveText('Undone')
  await expect.poll(() => existsSync(join(root, 'notes', 'note-001.md'))).toBe(false)
  await expect(
    memory.activity().getByText(/^You undid a change to notes\/note-001\.md, .* and 97 more$/)
  ).toHaveCount(1)
})

import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { repoRoot } from './support/environment'
import { expect, test } from './support/app-fixture'

async function seed(userDataDir: string, name: string, text: string): Promise<string> {
  const folder = join(userDataDir, 'memories')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const file = join(folder, name)
  await writeFile(file, text, { mode: 0o600 })
  return file
}

test.describe('Memory inspector', () => {
  test('editing a file in the inspector writes the new text to disk', async ({ cairn }) => {
    const file = await seed(cairn.userDataDir, 'notes.md', '# Notes\nold line\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await expect(memory.editor()).toContainText('old line')

    await memory.replaceText('# Notes\nnew line from the inspector\n')
    await memory.save()
    await expect.poll(() => readFile(file, 'utf8')).toBe('# Notes\nnew line from the inspector\n')

    await memory.showPane('Activity')
    await expect(memory.activity()).toContainText('/memories/notes.md')
  })

  test('a file written outside the app appears without a reload', async ({ cairn }) => {
    test.skip(
      !existsSync(join(repoRoot, 'src/main/services/watcher')),
      'the folder watcher (memory:changed for outside edits) has not landed'
    )
    await seed(cairn.userDataDir, 'first.md', 'one\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await expect(memory.file('first.md')).toBeVisible()

    await seed(cairn.userDataDir, 'from-outside.md', 'written by another program\n')
    await expect(memory.file('from-outside.md')).toBeVisible()
    await memory.open('from-outside.md')
    await expect(memory.editor()).toContainText('written by another program')
  })

  test('the expiry preview lists a file whose own front-matter says it has expired', async ({
    cairn
  }) => {
    await seed(cairn.userDataDir, 'keep.md', 'stays\n')
    await seed(cairn.userDataDir, 'stale.md', '---\nexpires: 2001-01-01\n---\nold news\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.showPane('Expiry')
    await expect(memory.expiring()).toContainText('/memories/stale.md')
    await expect(memory.expiring()).not.toContainText('keep.md')
    await expect(cairn.page.getByText(/1 file would expire now/)).toBeVisible()
  })
})

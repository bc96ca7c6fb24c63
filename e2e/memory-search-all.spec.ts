import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Memory → search across every project's memory (issue 38): hits grouped under each space's name,
// the first 20 of a space with more, and a hit in a project opens there (the switcher follows).

interface Cairn {
  cairn: {
    projects: {
      create(input: { name: string }): Promise<{ id: string; memoryFolder: string }>
    }
  }
}

test('search all projects: hits grouped by project, a hit opens in its project', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  const note = (folder: string, name: string, text: string) =>
    mkdir(folder, { recursive: true, mode: 0o700 }).then(() =>
      writeFile(join(folder, name), text, { mode: 0o600 })
    )
  await note(join(cairn.userDataDir, 'memories'), 'holidays.md', 'Lisbon in May, Porto after.\n')
  await note(join(cairn.userDataDir, 'memories'), 'recipes.md', 'Bacalhau for four.\n')
  // Two projects made through the app's own channel (their memory in Cairn's data folder).
  const create = (name: string) =>
    page.evaluate((n) => (globalThis as unknown as Cairn).cairn.projects.create({ name: n }), name)
  const client = await create('Client site')
  const club = await create('Travel club')
  await note(client.memoryFolder, 'offsite.md', '# Offsite\nTeam offsite in Lisbon, October.\n')
  for (let i = 1; i <= 23; i++)
    await note(club.memoryFolder, `trip-${String(i).padStart(2, '0')}.md`, `Stop ${i}: Lisbon\n`)

  await new AppPage(page).goto('Memory')
  const memory = new MemoryPage(page)
  const view = memory.view()
  const switcher = view.getByRole('combobox', { name: 'Memory space' })
  await expect(switcher).toHaveValue('default')
  await view.getByRole('checkbox', { name: 'All projects' }).check()
  const box = view.getByRole('searchbox', { name: 'Search memory' })
  await box.fill('lisbon')
  await expect(view.getByRole('status').filter({ hasText: 'match' })).toHaveText(
    '25 files match across all projects.'
  )
  const group = (name: string) => view.getByRole('region', { name: new RegExp(`^${name}`) })
  await expect(view.getByRole('region').getByRole('heading', { level: 3 })).toHaveText([
    'No project1 file',
    'Client site1 file',
    'Travel club23 files'
  ])
  await expect(group('No project').getByRole('button')).toHaveText([/^holidays\.md/])
  await expect(group('Client site').getByRole('button')).toHaveText([/^offsite\.md/])
  await expect(group('Travel club').getByRole('list').getByRole('button')).toHaveCount(20)
  await expect(group('Travel club')).toContainText('Showing the first 20 of 23.')
  const rest = group('Travel club').getByRole('button', { name: 'Search all 23 in Travel club' })
  await expect(rest).toBeVisible()
  await checkEveryLook(page, testInfo, 'memory-search-all')
  await checkEveryLook(page, testInfo, 'memory-search-all-rest', rest)

  // Keyboard: down from the box to the first hit, down again to the project's, Enter opens it.
  await box.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(group('Client site').getByRole('button').first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(switcher).toHaveValue(client.id)
  await expect(view.getByRole('heading', { level: 2 })).toContainText('offsite.md')
  await expect(memory.editor()).toContainText('Team offsite in Lisbon, October.')
  // The search stays, across every project, with the open hit marked and focused.
  await expect(box).toHaveValue('lisbon')
  const current = group('Client site').getByRole('button', { name: /^offsite\.md/ })
  await expect(current).toHaveAttribute('aria-current', 'true')
  await expect(current).toBeFocused()
  await checkEveryLook(page, testInfo, 'memory-search-all-opened')

  // The rest of a project's hits: its own search, a page at a time.
  await rest.click()
  await expect(switcher).toHaveValue(club.id)
  await expect(view.getByRole('checkbox', { name: 'All projects' })).not.toBeChecked()
  await expect(view.getByRole('list', { name: 'Search results' }).getByRole('button')).toHaveCount(
    23
  )
})

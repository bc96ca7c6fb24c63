import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// Memory → search (issue 25, item 5): names and contents, matches marked, hits by file, driven by
// the keyboard; Activity filters by words.

for (const scheme of ['light', 'dark'] as const) {
  test(`search memory by name and text, keyboard only (${scheme})`, async ({ cairn }, testInfo) => {
    test.setTimeout(60_000)
    const page = cairn.page
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 800 })
    const app = new AppPage(page)
    await app.goto('Memory')
    const root = join(cairn.userDataDir, 'memories')
    await mkdir(join(root, 'people'), { recursive: true })
    await writeFile(
      join(root, 'people', 'sister.md'),
      '# Anna\nLoves her garden.\nGarden party in June.\n'
    )
    await writeFile(join(root, 'garden.md'), '# Plants\nTomatoes, basil.\n')
    await writeFile(join(root, 'work.md'), '# Work\nDeadline on Friday.\n')
    const inspector = new MemoryPage(page)
    await expect(inspector.file('work.md')).toBeVisible({ timeout: 20_000 })

    // Ctrl+Shift+F from anywhere in Memory, then type.
    await page.keyboard.press('ControlOrMeta+Shift+F')
    const box = inspector.view().getByRole('searchbox', { name: 'Search memory' })
    await expect(box).toBeFocused()
    await page.keyboard.type('GARDEN')
    const results = inspector.view().getByRole('list', { name: 'Search results' })
    await expect(results.getByRole('button')).toHaveCount(2)
    await expect(inspector.view().getByRole('status').filter({ hasText: 'match' })).toHaveText(
      '2 files of 3 files match.'
    )
    // Matches are marked in names and lines, whatever their case.
    await expect(results.locator('mark')).toHaveText(['garden', 'garden', 'Garden'])
    await expect(results.getByRole('button').nth(1)).toContainText('2 matches')
    expect(await seriousA11yViolations(page), `search in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `memory-search-${scheme}`)

    // Arrow down into the hits, Enter opens the file.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(results.getByRole('button').nth(1)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(inspector.editor()).toContainText('Garden party in June.')
    // Escape clears the search; the tree is back.
    await box.focus()
    await page.keyboard.press('Escape')
    await expect(inspector.tree()).toBeVisible()

    // A query nothing holds says so.
    await box.fill('hazelnut')
    await expect(inspector.view().getByRole('status').filter({ hasText: 'matches' })).toHaveText(
      'No file matches “hazelnut”.'
    )
  })
}

test('activity filters by words beyond paths', async ({ cairn }) => {
  const page = cairn.page
  const app = new AppPage(page)
  await app.goto('Memory')
  const root = join(cairn.userDataDir, 'memories')
  const inspector = new MemoryPage(page)
  // Two outside changes seen apart (one batch would be one entry naming both).
  await writeFile(join(root, 'a.md'), 'one\n')
  await expect(inspector.file('a.md')).toBeVisible({ timeout: 20_000 })
  await writeFile(join(root, 'b.md'), 'two\n')
  await expect(inspector.file('b.md')).toBeVisible({ timeout: 20_000 })
  await inspector.showPane('Activity')
  await expect(inspector.activity().getByRole('listitem')).toHaveCount(2)
  await inspector.view().getByRole('searchbox', { name: 'Words' }).fill('b.md')
  await expect(inspector.activity().getByRole('listitem')).toHaveCount(1)
  await expect(inspector.activity()).toContainText('Created outside Cairn: b.md')
  await inspector.view().getByRole('searchbox', { name: 'Words' }).fill('claude')
  await expect(inspector.activity()).toContainText('No entry matches these filters.')
})

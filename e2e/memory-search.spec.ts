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
      '2 of 3 files match.'
    )
    // Matches are marked in names and lines, whatever their case; hits in the tree's order.
    await expect(results.locator('mark')).toHaveText(['garden', 'Garden', 'garden'])
    await expect(results.getByRole('button').first()).toContainText('2 matches')
    expect(await seriousA11yViolations(page), `search in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `memory-search-${scheme}`)

    // Arrow down into the hits, Enter opens the file.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(results.getByRole('button').nth(1)).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(results.getByRole('button').first()).toBeFocused()
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

test('297 hits: the count in plain words, every hit reached by Show more, no talk of reads that never were', async ({
  cairn
}, testInfo) => {
  test.setTimeout(180_000)
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const root = join(cairn.userDataDir, 'memories')
  await mkdir(join(root, 'notes'), { recursive: true })
  for (let n = 1; n <= 297; n++)
    await writeFile(join(root, 'notes', `topic-${n}.md`), `# Topic ${n}\nThe garden, part ${n}.\n`)
  for (const name of ['alpha.md', 'beta.md', 'gamma.md'])
    await writeFile(join(root, name), 'Nothing green here.\n')
  const app = new AppPage(page)
  await app.goto('Memory')
  const inspector = new MemoryPage(page)
  await expect(inspector.file('notes')).toBeVisible({ timeout: 20_000 })

  // A row says when a file was changed; of reads nothing, since none was recorded.
  const row = inspector.file('topic-1.md')
  await expect(row).toHaveAttribute('title', /modified/)
  await expect(row).not.toHaveAttribute('title', /read/)
  await row.hover()
  // Its details line ends at the change: nothing after it.
  await expect(
    inspector.view().getByText(/^topic-1\.md · 30 bytes · modified [^·]+$/)
  ).toBeVisible()
  await expect(inspector.view()).not.toContainText('no read recorded')

  const box = inspector.view().getByRole('searchbox', { name: 'Search memory' })
  await box.fill('garden')
  const status = inspector.view().getByRole('status').filter({ hasText: 'match' })
  await expect(status).toHaveText('297 of 300 files match.')
  await captureView(page, testInfo, 'memory-search-count-1280-light')
  const hits = inspector.view().getByRole('list', { name: 'Search results' }).getByRole('listitem')
  await expect(hits).toHaveCount(100)
  // In the tree's order: topic-2 before topic-10.
  await expect(hits.nth(1)).toContainText('notes/topic-2.md')
  await expect(inspector.view().getByText('Showing 100 of 297 files.')).toBeVisible()
  const more = inspector.view().getByRole('button', { name: 'Show 100 more' })
  for (const size of [
    { width: 900, height: 600 },
    { width: 1280, height: 800 }
  ]) {
    await page.setViewportSize(size)
    await more.scrollIntoViewIfNeeded()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `hits ${scheme} ${size.width}`).toEqual([])
      await captureView(page, testInfo, `memory-search-more-${size.width}-${scheme}`)
    }
  }

  // The next page comes below, and the focus goes to its first hit.
  await more.click()
  await expect(hits).toHaveCount(200)
  await expect(hits.nth(100).getByRole('button')).toBeFocused()
  await expect(hits.nth(100)).toContainText('notes/topic-101.md')
  await expect(inspector.view().getByText('Showing 200 of 297 files.')).toBeVisible()
  // From the keyboard too: arrow down past the last hit to the button, Enter.
  await hits.nth(199).getByRole('button').focus()
  await page.keyboard.press('ArrowDown')
  await expect(inspector.view().getByRole('button', { name: 'Show 97 more' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(hits).toHaveCount(297)
  await expect(hits.last()).toContainText('notes/topic-297.md')
  await expect(inspector.view().getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0)
  await expect(status).toHaveText('297 of 300 files match.')

  // A file changed meanwhile: the answer is asked again, and the hits read so far stay.
  await writeFile(join(root, 'alpha.md'), 'Now a garden too.\n')
  await expect(status).toHaveText('298 of 300 files match.')
  await expect(hits).toHaveCount(298)
  await expect(hits.last()).toContainText('alpha.md')

  // An opened hit's header says nothing of reads either, unless one was recorded.
  await hits.last().getByRole('button').click()
  await expect(inspector.view().getByRole('heading', { level: 2 })).toContainText('alpha.md')
  await expect(inspector.view().getByRole('heading', { level: 2 }).locator('..')).not.toContainText(
    'no read recorded'
  )
})

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

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, horizontalOverflow, seriousA11yViolations } from './support/page-checks'

// Memory → the file tree at scale (issue 36, item 3): 300 files in ten folders. Rows are one
// line, folders fold (and stay folded after a reload), names sort naturally, the keyboard moves
// as in a file tree, and only the rows in view are in the DOM.

const FOLDERS = 10
const PER_FOLDER = 30

async function seed(userDataDir: string): Promise<void> {
  const root = join(userDataDir, 'memories')
  for (let f = 1; f <= FOLDERS; f++) {
    await mkdir(join(root, `area-${f}`), { recursive: true, mode: 0o700 })
    for (let n = 1; n <= PER_FOLDER; n++)
      await writeFile(join(root, `area-${f}`, `topic-${n}.md`), `# Topic ${n} of area ${f}\n`, {
        mode: 0o600
      })
  }
}

test('300 files: one-line rows, folders fold and stay folded, keys move, names sort naturally', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  await seed(cairn.userDataDir)
  const app = new AppPage(page)
  await app.goto('Memory')
  const memory = new MemoryPage(page)
  const tree = memory.tree()
  const items = tree.getByRole('treeitem')
  // A folder's name is its whole accessible name ("area-1" is not "area-10").
  const folder = (name: string) => tree.getByRole('treeitem', { name, exact: true })
  await expect(folder('area-1')).toHaveAttribute('aria-expanded', 'true')

  // Natural order: topic-2 comes before topic-10 (main lists "topic-1, topic-10, topic-11, …").
  const names = await items.evaluateAll((rows) =>
    rows.slice(0, 5).map((row) => row.querySelector('.truncate')?.textContent)
  )
  expect(names).toEqual(['area-1', 'topic-1.md', 'topic-2.md', 'topic-3.md', 'topic-4.md'])
  // Only a window of the 310 rows is in the DOM, and every row is one line.
  expect(await items.count()).toBeLessThan(100)
  const heights = await items.evaluateAll((rows) =>
    rows.map((r) => r.getBoundingClientRect().height)
  )
  expect(Math.max(...heights)).toBeLessThanOrEqual(32)
  await expect(memory.file('topic-1.md').first()).toHaveAttribute('aria-level', '2')
  await expect(memory.file('topic-1.md').first()).toHaveAttribute('aria-setsize', '30')

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    expect(await seriousA11yViolations(page), `open tree in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `memory-tree-open-${scheme}-1280x800`)
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })

  // The keyboard folds every folder: a click on the first, then Down and Left for each other.
  await folder('area-1').click()
  await expect(folder('area-1')).toBeFocused()
  await expect(folder('area-1')).toHaveAttribute('aria-expanded', 'false')
  for (let f = 2; f <= FOLDERS; f++) {
    await page.keyboard.press('ArrowDown')
    await expect(folder(`area-${f}`)).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(folder(`area-${f}`)).toHaveAttribute('aria-expanded', 'false')
  }
  await expect(items).toHaveCount(FOLDERS)
  // Folders sort naturally too, and the folded tree is ten short rows (300 two-line rows were
  // about 15,000 px before).
  const folders = await items.evaluateAll((rows) =>
    rows.map((row) => row.querySelector('.truncate')?.textContent)
  )
  expect(folders).toEqual(Array.from({ length: FOLDERS }, (_, f) => `area-${f + 1}`))
  const treeHeight = await tree.evaluate((el) => el.getBoundingClientRect().height)
  expect(treeHeight).toBeLessThanOrEqual(FOLDERS * 32 + 16)

  // Home, Right opens, Down goes in; typing a name jumps to it; Enter opens the file.
  await page.keyboard.press('Home')
  await expect(folder('area-1')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(folder('area-1')).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(memory.file('topic-1.md')).toBeFocused()
  await page.keyboard.type('topic-2')
  await expect(memory.file('topic-2.md')).toBeFocused()
  // Its details show while it has the focus.
  await expect(memory.view().getByText(/^topic-2\.md · 20 bytes/)).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(memory.view().getByRole('heading', { level: 2 })).toContainText('topic-2.md')
  await expect(memory.file('topic-2.md')).toHaveAttribute('aria-selected', 'true')
  await memory.file('topic-2.md').focus() // back from the editor
  await page.keyboard.press('End')
  await expect(folder('area-10')).toBeFocused()
  await expect(folder('area-10')).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('Home')
  await expect(folder('area-1')).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('End')
  await expect(folder('area-10')).toBeInViewport({ ratio: 1 })

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    expect(await seriousA11yViolations(page), `folded tree in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `memory-tree-folded-${scheme}-1280x800`)
    await page.setViewportSize({ width: 900, height: 600 })
    expect(await horizontalOverflow(page), `memory at 900×600 in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `memory-tree-folded-${scheme}-900x600`)
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // The folded folders stay folded after a reload; the open one stays open.
  await page.reload()
  await app.goto('Memory')
  await expect(folder('area-1')).toHaveAttribute('aria-expanded', 'true')
  await expect(memory.file('topic-1.md')).toBeVisible()
  // Folding area-1 again leaves the ten folder rows: the other nine stayed folded.
  await folder('area-1').click()
  await expect(items).toHaveCount(FOLDERS)
  for (let f = 1; f <= FOLDERS; f++)
    await expect(folder(`area-${f}`)).toHaveAttribute('aria-expanded', 'false')
})

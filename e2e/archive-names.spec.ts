import { mkdir, rename, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// Issue 36: an archived file expired by its own `expires:` date showed no file name. Its row
// carries three buttons and the passed date; the name, free to shrink to nothing, gave way to them.

const DAY = 86_400_000
const SIZES = [
  { width: 900, height: 600 },
  { width: 1280, height: 800 }
]

/** A file moved into the memory folder whole (written aside, dated, then renamed in). */
async function seed(userDataDir: string, name: string, text: string, idleDays: number) {
  const folder = join(userDataDir, 'memories')
  const aside = join(userDataDir, 'seed-aside')
  await mkdir(join(folder, 'projects'), { recursive: true, mode: 0o700 })
  await mkdir(aside, { recursive: true, mode: 0o700 })
  const draft = join(aside, name.replaceAll('/', '-'))
  await writeFile(draft, text, { mode: 0o600 })
  const then = new Date(Date.now() - idleDays * DAY)
  await utimes(draft, then, then)
  await rename(draft, join(folder, name))
}

test('every archived file names itself, the one expired by its own date too', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  // One expires by its own front-matter date, one by the folder's idle rule.
  await seed(
    cairn.userDataDir,
    'projects/launch-checklist.md',
    '---\nexpires: 2001-01-01\n---\nShip it.\n',
    0
  )
  await seed(cairn.userDataDir, 'old-notes.md', 'from long ago\n', 200)
  const app = new AppPage(page)
  await app.goto('Memory')
  const memory = new MemoryPage(page)
  await expect(memory.file('old-notes.md')).toBeVisible()
  const settings = await app.gotoSettings()
  await settings
    .section('Expiry')
    .getByRole('radio', { name: /^When idle/ })
    .check()
  await settings.setField('expiryDays', '30')
  await settings.save()

  await app.goto('Memory')
  await memory.showPane('Expiry')
  await memory.view().getByRole('button', { name: 'Sweep now' }).click()
  await page
    .getByRole('dialog', { name: 'Expire 2 files now?' })
    .getByRole('button', { name: 'Archive 2 files' })
    .click()
  await expect(memory.view().getByText('Swept: 2 files expired.')).toBeVisible()

  const archive = memory.view().getByRole('list', { name: 'Archived files' })
  const byOwnDate = archive
    .getByRole('list')
    .getByRole('listitem')
    .filter({ hasText: 'its expires: date (2001-01-01) has passed' })
  await expect(byOwnDate).toHaveCount(1)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await byOwnDate.scrollIntoViewIfNeeded()
    // The whole name is on screen, not cut down to "/memories/…".
    for (const name of ['/memories/projects/launch-checklist.md', '/memories/old-notes.md']) {
      const shown = archive.getByText(name, { exact: true })
      await expect(shown).toBeVisible()
      const cut = await shown.evaluate((el) => el.scrollWidth > el.clientWidth)
      expect(cut, `${name} cut short at ${size.width}px`).toBe(false)
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `archive ${scheme} ${size.width}`).toEqual([])
      await captureView(page, testInfo, `archive-names-${size.width}-${scheme}`)
    }
  }
})

import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook as shoot } from './support/page-checks'

// Issue 36: a sweep is one activity entry with one Undo, and the archive groups by sweep.

const DAY = 86_400_000
const seededAt = Date.now()
const NAMES = ['alpha.md', 'beta.md', 'delta.md', 'epsilon.md', 'gamma.md', 'zeta.md']

/** A file that arrives already 200 days idle (dated aside, then moved in). */
async function seedOld(userDataDir: string, name: string): Promise<string> {
  const folder = join(userDataDir, 'memories')
  const aside = join(userDataDir, 'seed-aside')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await mkdir(aside, { recursive: true, mode: 0o700 })
  await writeFile(join(aside, name), `${name} from long ago\n`, { mode: 0o600 })
  const then = new Date(seededAt - 200 * DAY)
  await utimes(join(aside, name), then, then)
  await rename(join(aside, name), join(folder, name))
  return join(folder, name)
}

test('Sweep now is one Activity entry; its Undo brings every file back but one made again since', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000)
  const page = cairn.page
  const files = await Promise.all(NAMES.map((name) => seedOld(cairn.userDataDir, name)))
  const app = new AppPage(page)
  await app.goto('Memory')
  const memory = new MemoryPage(page)
  await expect(memory.file('zeta.md')).toBeVisible()

  // Expire after 30 idle days, into the archive (the default action).
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
  const dialog = page.getByRole('dialog', { name: 'Expire 6 files now?' })
  await expect(dialog).toContainText('The sweep is one entry in Memory → Activity')
  await dialog.getByRole('button', { name: 'Archive 6 files' }).click()
  await expect(memory.view().getByText('Swept: 6 files expired.')).toBeVisible()
  for (const file of files) expect(existsSync(file)).toBe(false)

  // The archive: one group for the sweep, one Restore all, a Restore per file.
  const archive = memory.view().getByRole('list', { name: 'Archived files' })
  await expect(archive.getByRole('heading', { level: 3 })).toHaveCount(1)
  await expect(archive.getByRole('heading', { level: 3 })).toContainText('6 files')
  await expect(archive.getByRole('button', { name: /^Restore all 6 files archived/ })).toHaveCount(
    1
  )
  await expect(archive.getByRole('button', { name: /^Restore \/memories\// })).toHaveCount(6)
  await shoot(
    page,
    testInfo,
    'sweep-archive',
    memory.view().getByRole('heading', { name: 'Archive', exact: true })
  )

  // Another program writes beta.md again meanwhile: the undo must leave it as it is.
  await writeFile(files[1]!, 'a new beta\n')
  await expect(memory.file('beta.md')).toBeVisible()

  await memory.showPane('Activity')
  const sweep = memory
    .activity()
    .getByRole('listitem')
    .filter({ hasText: 'Expiry swept 6 files (moved to the archive)' })
  await expect(sweep).toHaveCount(1)
  await expect(memory.activity().getByText(/^Expiry swept/)).toHaveCount(1)
  await expect(memory.activity().getByText(/alpha\.md expired/)).toHaveCount(0)
  await expect(sweep.getByRole('button', { name: /^(Undo|Restore)/ })).toHaveCount(1)
  await shoot(page, testInfo, 'sweep-activity', memory.activity())

  await sweep.getByRole('button', { name: /^Undo Expiry swept 6 files/ }).click()
  await expect(sweep.getByRole('status')).toContainText(
    'Brought back 5 files; 1 file left as it was:'
  )
  await sweep.getByRole('button', { name: 'why' }).click()
  await expect(sweep.getByRole('list', { name: 'Files left as they were' })).toContainText(
    '/memories/beta.md already exists'
  )
  for (const [i, file] of files.entries()) {
    if (i === 1) continue
    await expect
      .poll(() => readFile(file, 'utf8').catch(() => null))
      .toBe(`${NAMES[i]} from long ago\n`)
  }
  expect(await readFile(files[1]!, 'utf8')).toBe('a new beta\n')
  // The undo is one entry too.
  await expect(
    memory
      .activity()
      .getByText(/^You undid a sweep, bringing back alpha\.md, delta\.md, epsilon\.md and 2 more$/)
  ).toHaveCount(1)
  await shoot(page, testInfo, 'sweep-activity-undone', memory.activity())

  // What was left stays in the archive, to restore by hand.
  await memory.showPane('Expiry')
  await expect(archive.getByRole('button', { name: /^Restore \/memories\// })).toHaveCount(1)
  await expect(archive.getByRole('button', { name: 'Restore /memories/beta.md' })).toBeVisible()
})

test('the hourly sweep is one entry too; the archive brings its group back with Restore all', async ({
  cairn
}) => {
  test.skip(!cairn.background, 'the held background timers are a browser-harness double')
  const page = cairn.page
  const names = ['alpha.md', 'beta.md', 'gamma.md']
  const files = await Promise.all(names.map((name) => seedOld(cairn.userDataDir, name)))
  const app = new AppPage(page)
  await app.goto('Memory')
  const memory = new MemoryPage(page)
  await expect(memory.file('gamma.md')).toBeVisible()
  const settings = await app.gotoSettings()
  await settings
    .section('Expiry')
    .getByRole('radio', { name: /^When idle/ })
    .check()
  await settings.setField('expiryDays', '30')
  await settings.save()
  await app.goto('Memory')
  await memory.showPane('Expiry')

  // The hour has come.
  expect(cairn.background!.fire('memory-sweep')).toBeGreaterThan(0)
  const archive = memory.view().getByRole('list', { name: 'Archived files' })
  await expect(archive.getByRole('heading', { level: 3 })).toContainText('3 files')
  for (const file of files) expect(existsSync(file)).toBe(false)
  await memory.showPane('Activity')
  await expect(
    memory.activity().getByText(/^Expiry swept 3 files \(moved to the archive\)/)
  ).toHaveCount(1)

  await memory.showPane('Expiry')
  await archive.getByRole('button', { name: /^Restore all 3 files archived/ }).click()
  await expect(memory.view().getByText('Restored 3 files.')).toBeVisible()
  await expect(archive).toContainText('The archive is empty.')
  for (const [i, file] of files.entries())
    await expect
      .poll(() => readFile(file, 'utf8').catch(() => null))
      .toBe(`${names[i]} from long ago\n`)
  await memory.showPane('Activity')
  await expect(
    memory.activity().getByText('You restored alpha.md, beta.md, gamma.md from the archive')
  ).toHaveCount(1)
})

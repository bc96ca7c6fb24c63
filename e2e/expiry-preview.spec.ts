import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const DAY = 86_400_000

/** One "now" for every seed: files seeded the same number of days ago expire at the same moment. */
const seededAt = Date.now()

/**
 * A file that arrives in the memory folder already `idleDays` old (written aside, dated, then moved
 * in, so the watcher never sees it young). Lists of files due at the same moment are in name order;
 * a `Date.now()` per seed made their order the order the seeds happened to run in.
 */
async function seedOld(userDataDir: string, name: string, text: string, idleDays: number) {
  const folder = join(userDataDir, 'memories')
  const aside = join(userDataDir, 'seed-aside')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await mkdir(aside, { recursive: true, mode: 0o700 })
  await writeFile(join(aside, name), text, { mode: 0o600 })
  const then = new Date(seededAt - idleDays * DAY)
  await utimes(join(aside, name), then, then)
  await rename(join(aside, name), join(folder, name))
  return join(folder, name)
}

test.describe('Expiry says what it will do before it does it', () => {
  test('Settings previews the draft policy by name; Sweep now confirms with that list', async ({
    cairn
  }, testInfo) => {
    const old = await Promise.all(
      ['alpha.md', 'beta.md', 'gamma.md'].map((name) =>
        seedOld(cairn.userDataDir, name, `${name} from long ago\n`, 200)
      )
    )
    const fresh = await seedOld(cairn.userDataDir, 'fresh.md', 'written today\n', 0)
    const app = new AppPage(cairn.page)
    await app.goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await expect(memory.file('gamma.md')).toBeVisible()
    await expect(memory.file('fresh.md')).toBeVisible()

    // The draft: idle for 30 days, then delete. Nothing is saved yet.
    const settings = await app.gotoSettings()
    const expiry = settings.section('Expiry')
    await expiry.getByRole('radio', { name: /^When idle/ }).check()
    await settings.setField('expiryDays', '30')
    await expiry.getByText('Delete', { exact: true }).click() // a segmented pill
    const preview = cairn.page.getByRole('status', { name: 'Expiry preview' })
    await expect(preview).toContainText('3 files would be deleted now')
    await expect(preview.getByRole('listitem')).toHaveText([
      '/memories/alpha.md',
      '/memories/beta.md',
      '/memories/gamma.md'
    ])
    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await preview.scrollIntoViewIfNeeded()
      expect(await seriousA11yViolations(cairn.page), `settings ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `expiry-draft-preview-${scheme}`)
    }
    // Archive instead: the same files, the other fate.
    await expiry.getByText('Archive', { exact: true }).click() // a segmented pill
    await expect(preview).toContainText('3 files would move to the archive now')
    await expiry.getByText('Delete', { exact: true }).click() // a segmented pill
    await expect(preview).toContainText('3 files would be deleted now')
    await settings.save()

    // Sweep now asks first, with the same list; Cancel leaves every file where it was.
    await app.goto('Memory')
    await memory.showPane('Expiry')
    await memory.view().getByRole('button', { name: 'Sweep now' }).click()
    const dialog = cairn.page.getByRole('dialog', { name: 'Expire 3 files now?' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('listitem')).toHaveText([
      '/memories/alpha.md',
      '/memories/beta.md',
      '/memories/gamma.md'
    ])
    await expect(dialog).toContainText('its Undo brings them all back')
    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), `sweep dialog ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `expiry-sweep-confirm-${scheme}`)
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    for (const file of old) expect(existsSync(file)).toBe(true)

    await memory.view().getByRole('button', { name: 'Sweep now' }).click()
    await dialog.getByRole('button', { name: 'Delete 3 files' }).click()
    await expect(memory.view().getByText('Swept: 3 files expired.')).toBeVisible()
    for (const file of old) expect(existsSync(file)).toBe(false)
    expect(existsSync(fresh)).toBe(true)

    // What the dialog promised: the sweep is one Activity entry whose Undo brings them all back.
    await memory.showPane('Activity')
    await memory
      .activity()
      .getByRole('button', { name: /^Undo Expiry swept 3 files \(deleted\)/ })
      .click()
    await expect(memory.activity().getByText('Undone')).toBeVisible()
    for (const [i, name] of ['alpha.md', 'beta.md', 'gamma.md'].entries())
      await expect
        .poll(() => readFile(old[i]!, 'utf8').catch(() => null))
        .toBe(`${name} from long ago\n`)
  })

  test('the delete dialog says what is true: Activity can restore the file', async ({ cairn }) => {
    const file = await seedOld(cairn.userDataDir, 'notes.md', 'keep me\n', 0)
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await memory.view().getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = cairn.page.getByRole('dialog', { name: 'Delete notes.md?' })
    await expect(dialog).toContainText('Memory → Activity can restore it')
    await expect(dialog).not.toContainText('cannot be undone')
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => existsSync(file)).toBe(false)

    await memory.showPane('Activity')
    await memory
      .activity()
      .getByRole('button', { name: /^Restore .*notes\.md/ })
      .click()
    await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe('keep me\n')
  })
})

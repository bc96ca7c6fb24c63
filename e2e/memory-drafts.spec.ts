import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

/*
 * Unsaved edits meet a change the editor did not make: a Restore from History, or the file deleted
 * by another program. Neither may drop the edits without the user choosing so.
 */

async function seed(userDataDir: string, name: string, text: string): Promise<string> {
  const folder = join(userDataDir, 'memories')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const file = join(folder, name)
  await writeFile(file, text, { mode: 0o600 })
  return file
}

/** notes.md saved twice through the editor, then edited again and left unsaved. */
async function unsavedAfterTwoSaves(memory: MemoryPage, userDataDir: string): Promise<string> {
  const file = await seed(userDataDir, 'notes.md', '# Notes\nfirst\n')
  await new AppPage(memory.page).goto('Memory')
  await memory.open('notes.md')
  await memory.replaceText('# Notes\nsecond\n')
  await memory.save()
  await memory.replaceText('# Notes\nmy unsaved words\n')
  return file
}

/** Picks the version before the newest in History and asks to restore it. */
async function askToRestoreOlder(memory: MemoryPage): Promise<void> {
  await memory.showPane('History')
  const versions = memory.versions().getByRole('button')
  await expect(versions.first()).toContainText('You edited it')
  await versions.nth(1).click()
  await memory.view().getByRole('button', { name: 'Restore this version' }).click()
}

test.describe('Unsaved edits', () => {
  test('Restore with unsaved edits asks first: "Keep editing" keeps them, nothing is written', async ({
    cairn
  }) => {
    const memory = new MemoryPage(cairn.page)
    const file = await unsavedAfterTwoSaves(memory, cairn.userDataDir)
    await askToRestoreOlder(memory)

    const ask = cairn.page.getByRole('dialog', { name: 'Discard your unsaved edits?' })
    await expect(ask).toBeVisible()
    await expect(ask).toContainText('You have unsaved edits to notes.md')
    await ask.getByRole('button', { name: 'Keep editing' }).click()
    await expect(ask).toBeHidden()

    // Back in the editor with the edits, and no "changed on disk" blame: the disk did not move.
    await expect(memory.editor()).toContainText('my unsaved words')
    await expect(memory.saveButton()).toBeEnabled()
    await expect(memory.conflictBanner()).toHaveCount(0)
    expect(await readFile(file, 'utf8')).toBe('# Notes\nsecond\n')
  })

  test('Restore with unsaved edits, "Discard edits and restore": the version is back, no conflict', async ({
    cairn
  }) => {
    const memory = new MemoryPage(cairn.page)
    const file = await unsavedAfterTwoSaves(memory, cairn.userDataDir)
    await askToRestoreOlder(memory)

    const ask = cairn.page.getByRole('dialog', { name: 'Discard your unsaved edits?' })
    await ask.getByRole('button', { name: 'Discard edits and restore' }).click()
    await expect(
      memory
        .view()
        .getByRole('status')
        .filter({ hasText: /^Restored/ })
    ).toBeVisible()
    await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe('# Notes\nfirst\n')

    await memory.showPane('File')
    await expect(memory.editor()).toContainText('first')
    await expect(memory.editor()).not.toContainText('my unsaved words')
    await expect(memory.saveButton()).toBeDisabled()
    await expect(memory.conflictBanner()).toHaveCount(0)
  })

  test('Restore without unsaved edits restores at once', async ({ cairn }) => {
    const memory = new MemoryPage(cairn.page)
    const file = await unsavedAfterTwoSaves(memory, cairn.userDataDir)
    await memory.replaceText('# Notes\nsecond\n') // typed back to what is on disk: nothing unsaved
    await expect(memory.saveButton()).toBeDisabled()
    await askToRestoreOlder(memory)
    await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe('# Notes\nfirst\n')
    await expect(cairn.page.getByRole('dialog')).toHaveCount(0)
  })

  test('a file deleted outside Cairn keeps its draft; "Save it again" writes it back', async ({
    cairn
  }) => {
    const file = await seed(cairn.userDataDir, 'notes.md', '# Notes\nold\n')
    await seed(cairn.userDataDir, 'other.md', 'other\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await memory.replaceText('# Notes\nmy draft\n')

    await rm(file)
    await expect(memory.file('notes.md')).toHaveCount(0)
    const gone = memory.deletedMessage('notes.md')
    await expect(gone).toBeVisible()
    await expect(memory.editor()).toContainText('my draft')

    // Elsewhere and back: the draft stays one click away.
    await memory.open('other.md')
    await expect(gone).toBeVisible()
    await gone.getByRole('button', { name: 'Open the draft' }).click()
    await expect(memory.editor()).toContainText('my draft')

    await gone.getByRole('button', { name: 'Save it again' }).click()
    await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe('# Notes\nmy draft\n')
    await expect(gone).toHaveCount(0)
    await expect(memory.file('notes.md')).toBeVisible()
    await expect(memory.saveButton()).toBeDisabled()
    await expect(memory.editor()).toContainText('my draft')
  })

  test('a file deleted while another is open: its draft is listed, and put back it compares', async ({
    cairn
  }) => {
    const file = await seed(cairn.userDataDir, 'notes.md', '# Notes\nold\n')
    await seed(cairn.userDataDir, 'other.md', 'other\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await memory.replaceText('# Notes\nmy draft\n')
    await memory.open('other.md')

    await rm(file)
    const gone = memory.deletedMessage('notes.md')
    await expect(gone.getByRole('button', { name: 'Open the draft' })).toBeVisible()

    // Another program puts a different file back: the draft is an ordinary draft again, and
    // the disk moved on under it, so the editor offers the compare; neither text is lost.
    await seed(cairn.userDataDir, 'notes.md', '# Notes\ntheirs\n')
    await expect(gone).toHaveCount(0)
    await memory.open('notes.md')
    await expect(memory.conflictBanner()).toBeVisible()
    await expect(memory.editor()).toContainText('my draft')
    expect(await readFile(file, 'utf8')).toBe('# Notes\ntheirs\n')
  })

  test('a file deleted outside Cairn: "Discard draft" lets it go', async ({ cairn }) => {
    const file = await seed(cairn.userDataDir, 'notes.md', '# Notes\nold\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await memory.replaceText('# Notes\nmy draft\n')
    await rm(file)
    const gone = memory.deletedMessage('notes.md')
    await gone.getByRole('button', { name: 'Discard draft' }).click()
    await expect(gone).toHaveCount(0)
    await expect(memory.view().getByText(/^Unsaved edits in/)).toHaveCount(0)
    await expect(memory.editor()).toHaveCount(0)
  })
})

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [900, 600],
    [1280, 800]
  ] as const) {
    test(`the Restore question and the deleted-file draft at ${width}x${height} in ${scheme}`, async ({
      cairn
    }, testInfo) => {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await cairn.page.setViewportSize({ width, height })
      const memory = new MemoryPage(cairn.page)
      const file = await unsavedAfterTwoSaves(memory, cairn.userDataDir)
      await askToRestoreOlder(memory)
      await expect(cairn.page.getByRole('dialog')).toBeVisible()
      expect(await seriousA11yViolations(cairn.page), `restore question in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `restore-unsaved-${width}-${scheme}`)
      await cairn.page.getByRole('button', { name: 'Keep editing' }).click()

      await rm(file)
      await expect(memory.deletedMessage('notes.md')).toBeVisible()
      expect(await seriousA11yViolations(cairn.page), `deleted draft in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `deleted-draft-${width}-${scheme}`)

      // From another pane, the draft is one click away.
      await memory.showPane('Activity')
      await expect(
        memory.deletedMessage('notes.md').getByRole('button', { name: 'Open the draft' })
      ).toBeVisible()
      expect(await seriousA11yViolations(cairn.page), `draft elsewhere in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `deleted-draft-elsewhere-${width}-${scheme}`)
    })
  }
}

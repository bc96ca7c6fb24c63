import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// Settings → Export and import, end to end: Export memory writes one archive (the save dialog is
// answered by the harness), the files change, Import previews what would change (new, changed,
// same), the import writes through the engine, and Memory → Activity undoes it as one.

test('export memory, change the folder, import: preview, merge, undo as one', async ({
  cairn
}, testInfo) => {
  test.setTimeout(90_000)
  await cairn.page.setViewportSize({ width: 1280, height: 900 })
  const memories = join(cairn.userDataDir, 'memories')
  await writeFile(join(memories, 'about-me.md'), '# About me\n\nI like tea.\n')
  await writeFile(join(memories, 'travel.md'), '# Travel\n\nWindow seat.\n')
  await writeFile(join(memories, 'projects.md'), '# Projects\n\nCairn.\n')
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  const settings = await app.gotoSettings()

  const card = cairn.page.getByRole('region', { name: 'Export and import' })
  await card.getByRole('button', { name: 'Export memory…' }).click()
  await expect(card.getByRole('status')).toContainText(/Saved cairn-memory-.*\.cairnmem: 3 files/)
  const [archive] = await cairn.savedFiles()
  expect(archive).toMatch(/\.cairnmem$/)

  // Since the export: one file edited, one deleted, one untouched.
  await writeFile(join(memories, 'about-me.md'), '# About me\n\nI like coffee now.\n')
  await rm(join(memories, 'travel.md'))
  // And a setting: the archive's is offered in the preview, never taken unless ticked.
  await settings.setField('maxFiles', '500')
  await settings.save()

  await cairn.answerOpenDialog([archive!])
  await card.getByRole('button', { name: 'Import…' }).click()
  const dialog = cairn.page.getByRole('dialog', { name: /^Import cairn-memory-/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('import-counts')).toHaveText('1 new · 1 changed · 1 same')
  await expect(dialog.getByRole('region', { name: 'New files' })).toContainText('travel.md')
  await expect(dialog.getByRole('region', { name: 'Changed files' })).toContainText('about-me.md')
  await expect(dialog).toContainText('history keeps what you have now')
  const useTheirs = dialog.getByRole('checkbox', { name: /archive's settings/ })
  await expect(useTheirs).not.toBeChecked()
  await expect(dialog).toContainText('2,000 files in all')
  await dialog.screenshot({ path: testInfo.outputPath('import-preview.png') })
  await captureView(cairn.page, testInfo, 'import-preview-1280')
  await cairn.page.setViewportSize({ width: 900, height: 800 })
  await captureView(cairn.page, testInfo, 'import-preview-900')
  expect(await seriousA11yViolations(cairn.page), 'import preview, light').toEqual([])
  await cairn.page.emulateMedia({ colorScheme: 'dark' })
  await captureView(cairn.page, testInfo, 'import-preview-900-dark')
  expect(await seriousA11yViolations(cairn.page), 'import preview, dark').toEqual([])
  await cairn.page.emulateMedia({ colorScheme: 'light' })
  await cairn.page.setViewportSize({ width: 1280, height: 900 })

  // Escape cancels: nothing written.
  await cairn.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await readFile(join(memories, 'about-me.md'), 'utf8')).toContain('coffee')

  await cairn.answerOpenDialog([archive!])
  await card.getByRole('button', { name: 'Import…' }).click()
  await dialog.getByRole('button', { name: 'Import 2 files' }).click()
  await expect(card.getByRole('status')).toContainText('Imported 2 files.')
  expect(await readFile(join(memories, 'about-me.md'), 'utf8')).toContain('I like tea.')
  expect(await readFile(join(memories, 'travel.md'), 'utf8')).toContain('Window seat.')
  await expect(settings.field('maxFiles')).toHaveValue('500')

  // The whole import is one entry in Activity, and its Undo takes both files back.
  await app.goto('Memory')
  const memory = new MemoryPage(cairn.page)
  await memory.showPane('Activity')
  await memory
    .activity()
    .getByRole('button', { name: /^Undo You imported 2 files from cairn-memory-/ })
    .click()
  await expect(memory.activity().getByText('Undone')).toBeVisible()
  await expect
    .poll(() => readFile(join(memories, 'about-me.md'), 'utf8'))
    .toContain('I like coffee now.')
  await expect
    .poll(() => readFile(join(memories, 'travel.md'), 'utf8').catch(() => 'gone'))
    .toBe('gone')
})

test('a file that is not an export is refused with a next step, and nothing changes', async ({
  cairn
}) => {
  const memories = join(cairn.userDataDir, 'memories')
  await writeFile(join(memories, 'keep.md'), 'keep me\n')
  const bogus = join(cairn.userDataDir, 'not-an-export.cairnmem')
  await writeFile(bogus, 'just some text, not a gzip')
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await app.gotoSettings()
  const card = cairn.page.getByRole('region', { name: 'Export and import' })
  await cairn.answerOpenDialog([bogus])
  await card.getByRole('button', { name: 'Import…' }).click()
  await expect(card.getByRole('alert')).toContainText('Nothing was imported')
  await expect(card.getByRole('alert')).toContainText('Choose a file made by Export memory')
  await expect(cairn.page.getByRole('dialog')).toHaveCount(0)
  expect(await readFile(join(memories, 'keep.md'), 'utf8')).toBe('keep me\n')
})

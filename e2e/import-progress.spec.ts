import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// A big import shows how far it has got: main sends backup:progress (phase import) while the
// engine writes, and the preview dialog shows a bar and "Importing n of m files…" until it ends.

const COUNT = 1200

test('importing a big archive shows a progress bar that counts up to every file', async ({
  cairn
}, testInfo) => {
  test.setTimeout(180_000)
  await cairn.page.setViewportSize({ width: 1280, height: 900 })
  const memories = join(cairn.userDataDir, 'memories')
  const names = Array.from({ length: COUNT }, (_, i) => `note-${String(i).padStart(4, '0')}.md`)
  for (const name of names) await writeFile(join(memories, name), `# ${name}\n\nSome text.\n`)
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await app.gotoSettings()
  const card = cairn.page.getByRole('region', { name: 'Export and import' })
  await card.getByRole('button', { name: 'Export memory…' }).click()
  await expect(card.getByRole('status')).toContainText(`${COUNT.toLocaleString('en')} files`, {
    timeout: 60_000
  })
  const [archive] = await cairn.savedFiles()
  // Gone from the folder, so the import writes every one of them back.
  await Promise.all(names.map((name) => rm(join(memories, name))))

  await cairn.answerOpenDialog([archive!])
  await card.getByRole('button', { name: 'Import…' }).click()
  const dialog = cairn.page.getByRole('dialog', { name: /^Import cairn-memory-/ })
  await expect(dialog.getByTestId('import-counts')).toContainText(/^1,200 new/, {
    timeout: 60_000
  })
  // Every progress text the page shows, recorded as it appears (the import may be quick).
  await cairn.page.evaluate(`(() => {
    window.__seen = []
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="import-progress"]')?.textContent
      if (text && window.__seen.at(-1) !== text) window.__seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })()`)
  await dialog.getByRole('button', { name: 'Import 1,200 files' }).click()
  const bar = dialog.getByRole('progressbar', { name: 'Import progress' })
  // Caught while it runs, when it is slow enough: the look in both themes at both widths.
  if (await bar.isVisible().catch(() => false)) {
    await captureView(cairn.page, testInfo, 'import-progress-1280')
    await cairn.page.emulateMedia({ colorScheme: 'dark' })
    await captureView(cairn.page, testInfo, 'import-progress-1280-dark')
    await cairn.page.emulateMedia({ colorScheme: 'light' })
  }
  await expect(card.getByTestId('backup-status')).toContainText('Imported 1,200 files.', {
    timeout: 120_000
  })
  const seen = (await cairn.page.evaluate('window.__seen')) as string[]
  expect(seen.length).toBeGreaterThan(0)
  expect(seen.length).toBeLessThanOrEqual(102)
  const counts = seen.map((text) =>
    Number(/Importing ([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, ''))
  )
  expect(counts.every((n, i) => i === 0 || n > counts[i - 1]!)).toBe(true)
  expect(seen.every((text) => text.endsWith(' of 1,200 files…'))).toBe(true)
  await expect(cairn.page.getByRole('progressbar')).toHaveCount(0)

  // The card after the import, light and dark, at 1280 and ~900 px.
  await card.scrollIntoViewIfNeeded()
  await captureView(cairn.page, testInfo, 'import-done-1280')
  expect(await seriousA11yViolations(cairn.page), 'after import, light').toEqual([])
  await cairn.page.setViewportSize({ width: 900, height: 800 })
  await card.scrollIntoViewIfNeeded()
  await captureView(cairn.page, testInfo, 'import-done-900')
  await cairn.page.emulateMedia({ colorScheme: 'dark' })
  await captureView(cairn.page, testInfo, 'import-done-900-dark')
  expect(await seriousA11yViolations(cairn.page), 'after import, dark').toEqual([])
})

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// What history did not keep says so, in the History and Activity panes (issue 22, finding 3).
for (const scheme of ['light', 'dark'] as const) {
  test(`a file too big for history is listed as "Not kept: too large" (${scheme}, 1200 and 900×600)`, async ({
    cairn
  }, testInfo) => {
    test.setTimeout(90_000)
    const page = cairn.page
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1200, height: 780 })
    const app = new AppPage(page)
    await app.goto('Memory')
    // Another program drops a 17 MB file into the folder while Cairn runs.
    await writeFile(join(cairn.userDataDir, 'memories', 'dump.md'), 'z'.repeat(17 * 1024 * 1024))
    const inspector = new MemoryPage(page)
    await expect(inspector.file('dump.md')).toBeVisible({ timeout: 20_000 })
    await inspector.file('dump.md').click()
    await inspector.showPane('History')
    await expect(inspector.versions()).toContainText('Not kept: too large (17 MB)')
    expect(await seriousA11yViolations(page), `history pane in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `history-not-kept-${scheme}`)
    await page.setViewportSize({ width: 900, height: 600 })
    await expect(inspector.versions()).toContainText('Not kept: too large')
    await captureView(page, testInfo, `history-not-kept-${scheme}-900x600`)
  })
}

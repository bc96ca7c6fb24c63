import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'

/*
 * The renderer's heavy parts load on first use (issue 17, item 4): Chat starts without them,
 * Memory and Settings arrive while Chat sits idle (so they open ready, without a loading state),
 * CodeMirror when Memory is first shown, KaTeX only for math. No CSP violation on the way (the
 * fixture fails the test on any).
 */

/** The renderer chunks this page has fetched so far, by name without the hash. */
async function fetchedChunks(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name)
  )
  return urls.flatMap((url) => {
    const name = /\/assets\/([\w.-]+?)-[\w-]{8}\.js$/.exec(url)?.[1]
    return name ? [name] : []
  })
}

test('Memory and Settings open ready once Chat is idle; CodeMirror loads when Memory shows', async ({
  cairn
}) => {
  test.skip(
    test.info().project.name !== 'browser',
    "reads the page's resource timings, which app:// pages in Electron do not list the same way"
  )
  const folder = join(cairn.userDataDir, 'memories')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await writeFile(join(folder, 'trip.md'), '# Trip\n\n- Lyon in May\n')
  await cairn.page.reload()
  const app = new AppPage(cairn.page)
  await app.waitForReady()

  // Mounted hidden once Chat is idle: the views are there before anyone opens them.
  const memoryPanel = cairn.page.locator('#panel-memory')
  await expect(memoryPanel.getByRole('heading', { level: 1, includeHidden: true })).toHaveText(
    'Memory'
  )
  await expect(memoryPanel.getByText('trip.md')).toBeAttached()
  await expect(
    cairn.page.locator('#panel-settings').getByRole('heading', { level: 1, includeHidden: true })
  ).toHaveText('Settings')
  const idle = await fetchedChunks(cairn.page)
  expect(idle).toEqual(expect.arrayContaining(['memory-view', 'settings-view']))
  expect(idle).not.toContain('code-editor')
  expect(idle).not.toContain('math-plugins') // no math on screen: KaTeX stays on disk

  // What the first frame after the click paints: the view itself, no placeholder, no "Loading…".
  // A string, so the DOM types are not needed in this Node-typed file.
  const shownAtOnce = (await cairn.page.evaluate(`(async () => {
    document.getElementById('tab-memory').click()
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const panel = document.getElementById('panel-memory')
    return {
      visible: !panel.hidden,
      busy: panel.querySelector('[aria-busy="true"]') !== null,
      text: panel.textContent
    }
  })()`)) as { visible: boolean; busy: boolean; text: string }
  expect(shownAtOnce.visible).toBe(true)
  expect(shownAtOnce.busy).toBe(false)
  expect(shownAtOnce.text).toContain('trip.md')
  expect(shownAtOnce.text).not.toContain('Loading')

  // The editor's chunk comes with Memory; the editor works once it is in.
  await expect.poll(() => fetchedChunks(cairn.page)).toContain('code-editor')
  const memory = new MemoryPage(cairn.page)
  await memory.open('trip.md')
  await expect(memory.editor()).toContainText('Lyon in May')
  await memory.replaceText('# Trip\n\n- Lyon in June\n')
  await memory.save()
  await expect(memory.editor()).toContainText('Lyon in June')
})

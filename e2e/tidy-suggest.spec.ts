import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Suggest, don't nag (issue 39): with the setting on and 5 of 6 files used, Memory shows one
// quiet line (light and dark, both sizes, axe); Dismiss makes it go.

test('a tidy suggestion line past 80% of the file limit, dismissed', async ({
  cairn
}, testInfo) => {
  test.setTimeout(120_000) // four looks with axe
  const root = join(cairn.userDataDir, 'memories')
  await mkdir(root, { recursive: true })
  for (let i = 0; i < 5; i++) await writeFile(join(root, `note-${i}.md`), `note ${i}\n`)
  const page = cairn.page
  await page.evaluate(() =>
    (
      globalThis as unknown as { cairn: { settings: { update(p: object): Promise<unknown> } } }
    ).cairn.settings.update({ memory: { maxFiles: 6 }, tidySuggest: { enabled: true } })
  )
  await new AppPage(page).goto('Memory')
  const line = page.getByText('This memory is at 83% of its file limit.')
  await expect(line).toBeVisible()
  await checkEveryLook(page, testInfo, 'tidy-suggestion')
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(line).toBeHidden()
})

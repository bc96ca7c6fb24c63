import Anthropic from '@anthropic-ai/sdk'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

// A conflict made on two devices (this app, and another client writing to the same store) shown
// in the memory inspector as a diff and answered with each of the three buttons.

const FILES = ['plan', 'trip', 'diet'] as const
const base = (name: string) => `# ${name}\n\nfirst line\nsecond line\nthird line\n`
const here = (name: string) => `# ${name}\n\nfirst line\nsecond line, changed on Desk\nthird line\n`
const there = (name: string) =>
  `# ${name}\n\nfirst line\nsecond line, changed on the laptop\nthird line\n`

test('a sync conflict shows as a diff; keep mine, keep theirs and keep both each sync', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const fake = cairn.anthropic!
  await cairn.page.setViewportSize({ width: 1280, height: 860 })
  const folder = join(cairn.userDataDir, 'memories')
  for (const name of FILES) await writeFile(join(folder, `${name}.md`), base(name))
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await app.goto('Chat')
  await new ChatPage(cairn.page).useSessionKey()
  await app.gotoSettings()

  // Turn sync on as "Desk": kept copies are named after this device.
  const card = cairn.page.getByRole('region', { name: 'Sync', exact: true })
  await card.getByLabel('This device’s name').fill('Desk')
  await card.getByRole('button', { name: 'Turn on sync' }).click()
  await expect(card.getByTestId('sync-state')).toHaveText('On')
  const [storeId] = fake.memoryStores.stores()
  await expect.poll(() => fake.memoryStores.memories(storeId!).length).toBe(3)
  await expect(card.getByTestId('sync-size')).toHaveText(/^3 memories, /)

  // Both devices change the same line: the laptop (another client) first, then this one.
  const laptop = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  for (const m of fake.memoryStores.memories(storeId!)) {
    const name = m.path.slice(1, -3)
    await laptop.beta.memoryStores.memories.update(m.id, {
      memory_store_id: storeId!,
      content: there(name)
    })
    await writeFile(join(folder, `${name}.md`), here(name))
  }
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect(card.getByTestId('sync-conflicts')).toHaveText('3')

  await app.gotoMemory()
  const bar = cairn.page.getByRole('region', { name: 'Sync conflicts' })
  await expect(bar).toContainText('3 files were changed on this device and another one')
  await bar.getByRole('button', { name: 'Review plan.md' }).click()
  const panel = cairn.page.getByRole('region', { name: 'Sync conflict in plan.md' })
  const diff = panel.getByRole('table', {
    name: "plan.md: the store's version against Desk's"
  })
  await expect(diff.locator('del')).toContainText('changed on the laptop')
  await expect(diff.locator('ins')).toContainText('changed on Desk')
  await expect(panel).toContainText('plan (from Desk).md')
  await captureView(cairn.page, testInfo, 'sync-conflict')

  const stored = () =>
    fake.memoryStores
      .memories(storeId!)
      .map((m) => [m.path, m.content])
      .sort()
  // Keep mine: this device's text takes the path and the copy goes, here and in the store.
  await panel.getByRole('button', { name: 'Keep mine' }).click()
  await expect(panel).toBeHidden()
  await expect(bar).toContainText('2 files')
  await bar.getByRole('button', { name: 'Review trip.md' }).click()
  // Keep theirs: the other device's text stays, the copy goes.
  await cairn.page
    .getByRole('region', { name: 'Sync conflict in trip.md' })
    .getByRole('button', { name: 'Keep theirs' })
    .click()
  await bar.getByRole('button', { name: 'Review diet.md' }).click()
  // Keep both: both files stay.
  await cairn.page
    .getByRole('region', { name: 'Sync conflict in diet.md' })
    .getByRole('button', { name: 'Keep both' })
    .click()
  await expect(bar).toBeHidden()

  await app.gotoSettings()
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect(card.getByTestId('sync-conflicts')).toHaveText('0')
  await expect.poll(stored).toEqual([
    ['/diet (from Desk).md', here('diet')],
    ['/diet.md', there('diet')],
    ['/plan.md', here('plan')],
    ['/trip.md', there('trip')]
  ])
  expect(await readFile(join(folder, 'plan.md'), 'utf8')).toBe(here('plan'))
  expect(await readFile(join(folder, 'trip.md'), 'utf8')).toBe(there('trip'))
  await expect(card.getByTestId('sync-size')).toHaveText(/^4 memories, /)
  await card.scrollIntoViewIfNeeded()
  await card.screenshot({ path: testInfo.outputPath('sync-card-on.png') })
})

test('a conflict another device kept both of shows here too, and is answered from here', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const fake = cairn.anthropic!
  await cairn.page.setViewportSize({ width: 900, height: 600 })
  const folder = join(cairn.userDataDir, 'memories')
  await writeFile(join(folder, 'plan.md'), there('plan'))
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await app.goto('Chat')
  await new ChatPage(cairn.page).useSessionKey()
  await app.gotoSettings()
  const card = cairn.page.getByRole('region', { name: 'Sync', exact: true })
  await card.getByLabel('This device’s name').fill('Desk')
  await card.getByRole('button', { name: 'Turn on sync' }).click()
  // The store exists once sync says On (read before that, a busy machine finds none yet).
  await expect(card.getByTestId('sync-state')).toHaveText('On')
  const [storeId] = fake.memoryStores.stores()
  await expect.poll(() => fake.memoryStores.memories(storeId!).length).toBe(1)

  // The laptop found the conflict: the store's version at the path, its own beside it.
  const laptop = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  await laptop.beta.memoryStores.memories.create(storeId!, {
    path: '/plan (from laptop).md',
    content: here('plan')
  })
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect(card.getByTestId('sync-conflicts')).toHaveText('1')

  await app.gotoMemory()
  const bar = cairn.page.getByRole('region', { name: 'Sync conflicts' })
  await bar.getByRole('button', { name: 'Review plan.md' }).click()
  const panel = cairn.page.getByRole('region', { name: 'Sync conflict in plan.md' })
  await expect(panel).toContainText('has the version from laptop')
  await expect(
    panel.getByRole('table', { name: "plan.md: the store's version against laptop's" })
  ).toBeVisible()
  await captureView(cairn.page, testInfo, 'sync-conflict-from-elsewhere')
  await panel.getByRole('button', { name: "Keep laptop's" }).click()
  await expect(bar).toBeHidden()
  await expect
    .poll(() => readFile(join(folder, 'plan.md'), 'utf8').catch(() => null))
    .toBe(here('plan'))

  await app.gotoSettings()
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(() => fake.memoryStores.memories(storeId!).map((m) => [m.path, m.content]))
    .toEqual([['/plan.md', here('plan')]])
})

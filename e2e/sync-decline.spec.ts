import Anthropic from '@anthropic-ai/sdk'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'

// With Approval asking before overwrites, an edit from another device waits in Settings → Sync;
// Decline keeps this device's file, and the edit is not offered again.

test('a change from another device waits for approval and can be declined', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const fake = cairn.anthropic!
  const page = cairn.page
  await page.setViewportSize({ width: 900, height: 900 })
  const file = join(cairn.userDataDir, 'memories', 'plan.md')
  await writeFile(file, '# Plan\n\nv1\n')
  const app = new AppPage(page)
  await app.waitForReady()
  await app.goto('Chat')
  await new ChatPage(page).useSessionKey()
  const settings = await app.gotoSettings()
  await page.getByRole('radio', { name: /^Ask before changes that remove or overwrite/ }).check()
  await settings.save()
  await expect(settings.saveStatus()).toHaveText('Saved.')

  const card = page.getByRole('region', { name: 'Sync', exact: true })
  await card.getByLabel('This device’s name').fill('Desk')
  await card.getByRole('button', { name: 'Turn on sync' }).click()
  await expect(card.getByTestId('sync-state')).toHaveText('On')
  const [storeId] = fake.memoryStores.stores()
  await expect.poll(() => fake.memoryStores.memories(storeId!).length).toBe(1)

  // The laptop (another client on the same store) edits the plan.
  const laptop = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  const [memory] = fake.memoryStores.memories(storeId!)
  await laptop.beta.memoryStores.memories.update(memory!.id, {
    memory_store_id: storeId!,
    content: '# Plan\n\nv2 from the laptop\n'
  })
  await card.getByRole('button', { name: 'Sync now' }).click()
  const waiting = card.getByRole('group', { name: 'Changes waiting for approval' })
  await expect(waiting).toContainText('Edit of /memories/plan.md')
  await expect(waiting.getByRole('button', { name: 'Apply this change' })).toBeVisible()
  await waiting.scrollIntoViewIfNeeded()
  await card.screenshot({ path: testInfo.outputPath('sync-decline-light.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  await card.screenshot({ path: testInfo.outputPath('sync-decline-dark.png') })

  await waiting.getByRole('button', { name: 'Decline' }).click()
  await expect(waiting).toBeHidden()
  await expect(card.getByTestId('sync-declined')).toHaveText(
    /^1 change from another device declined: this device keeps its files\./
  )
  await card.screenshot({ path: testInfo.outputPath('sync-declined-dark.png') })
  await page.emulateMedia({ colorScheme: 'light' })
  await card.screenshot({ path: testInfo.outputPath('sync-declined-light.png') })

  // Another round: the declined version is not offered again, and the file stays as it was.
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect(card.getByTestId('sync-last')).not.toHaveText('never')
  await expect(waiting).toBeHidden()
  await expect(card.getByTestId('sync-declined')).toBeVisible()
  expect(await readFile(file, 'utf8')).toBe('# Plan\n\nv1\n')
})

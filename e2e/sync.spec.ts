import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SYNC_SENT_SENTENCE } from '../src/shared/memory/sync'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

test('Settings → Sync: off by default, says what is sent, turns on, syncs the folder to the store', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  await cairn.page.setViewportSize({ width: 1200, height: 900 })
  await writeFile(join(cairn.userDataDir, 'memories', 'travel.md'), '# Travel\n\nWindow seat.\n')
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await app.goto('Chat')
  await new ChatPage(cairn.page).useSessionKey()
  await app.gotoSettings()

  const card = cairn.page.getByRole('region', { name: 'Sync', exact: true })
  await expect(card.getByTestId('sync-sent')).toHaveText(SYNC_SENT_SENTENCE)
  await expect(card.getByTestId('sync-state')).toHaveText('Off')
  // Off: nothing was sent to a Memory Store.
  expect(cairn.anthropic!.memoryStoreRequests()).toEqual([])

  // Choosing an existing store: the list is fetched only when asked (the key has none yet).
  await card.getByRole('button', { name: 'Find my stores' }).click()
  await expect(card.getByTestId('sync-store-count')).toHaveText('This key has no stores yet.')
  await card.screenshot({ path: testInfo.outputPath('sync-card-off.png') })
  await card.getByRole('button', { name: 'Turn on sync' }).click()
  await expect(card.getByTestId('sync-state')).toHaveText('On')
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect(card.getByTestId('sync-last')).not.toHaveText('never')
  const [storeId] = cairn.anthropic!.memoryStores.stores()
  await expect
    .poll(() => cairn.anthropic!.memoryStores.memories(storeId!).map((m) => m.path))
    .toEqual(['/travel.md'])
  await expect(card.getByTestId('sync-size')).toHaveText('1 memory, 23 bytes')
  await card.scrollIntoViewIfNeeded()
  await captureView(cairn.page, testInfo, 'sync-settings')
  await card.screenshot({ path: testInfo.outputPath('sync-card.png') })

  await card.getByRole('button', { name: 'Pause' }).click()
  await expect(card.getByTestId('sync-state')).toHaveText('Paused')
  await card.getByRole('button', { name: 'Disconnect (keeps your files)' }).click()
  await expect(card.getByTestId('sync-state')).toHaveText('Off')
})

import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { reply } from './fake-anthropic'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

test('a disk error on the first message leaves no empty "New conversation" behind', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic server (browser harness)')
  const page = cairn.page
  const app = new AppPage(page)
  const chat = new ChatPage(page)
  await app.waitForReady()
  cairn.anthropic!.script(reply('Hello.'))
  await chat.useSessionKey()
  await chat.newChat()
  // The conversations folder cannot be made: a file sits where it goes (root ignores modes).
  const folder = join(cairn.userDataDir, 'conversations')
  await rm(folder, { recursive: true, force: true })
  await writeFile(folder, 'not a folder')
  await chat.send('Plan my trip to Lyon')
  await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' })).toBeVisible()
  const list = page.getByRole('complementary', { name: 'Conversations' })
  await captureView(page, testInfo, 'disk-error-first-message')
  // Reloaded from main: nothing was saved, so nothing is listed, under any title.
  await page.reload()
  await app.waitForReady()
  await expect(list).toContainText('No conversations yet.')
  await expect(list).not.toContainText('New conversation')
})

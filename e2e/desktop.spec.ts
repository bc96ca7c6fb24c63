import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

/*
 * A good desktop citizen, as far as the page shows it: cairn:// links (handed to main as the OS
 * would), the tray option with its menu, and the local crash report summary.
 */

test('a cairn://new link asks first, then fills a new chat’s message box without sending', async ({
  cairn
}, testInfo) => {
  await new AppPage(cairn.page).waitForReady()
  const chat = new ChatPage(cairn.page)
  await chat.useSessionKey()
  await cairn.openLink('cairn://new?text=Plan+my+week%0Awith+three+goals')
  const ask = cairn.page.getByRole('alertdialog', { name: 'A link asks to start a new chat' })
  await expect(ask).toBeVisible({ timeout: 8_000 })
  await expect(ask).toContainText('with three goals')
  // The safe answer has the focus: an Enter pressed by habit ignores the link.
  await expect(ask.getByRole('button', { name: 'Ignore' })).toBeFocused()
  await captureView(cairn.page, testInfo, 'link-new-chat-ask')
  await cairn.page.locator('html').evaluate((html) => html.setAttribute('data-theme', 'dark'))
  await captureView(cairn.page, testInfo, 'link-new-chat-ask-dark')

  await ask.getByRole('button', { name: 'Start new chat' }).click()
  await expect(ask).toBeHidden()
  await expect(chat.composer()).toHaveValue('Plan my week\nwith three goals', { timeout: 8_000 })
  const sent = cairn.ipcRecords().filter((record) => record.channel === 'chat:send-message')
  expect(sent).toEqual([])
})

test('a hostile link does nothing but say why', async ({ cairn }, testInfo) => {
  await new AppPage(cairn.page).waitForReady()
  await cairn.openLink('cairn://memory/..%2F..%2Fsettings.json')
  const alert = cairn.page.getByRole('alert').filter({ hasText: 'Cairn did not open a link' })
  await expect(alert).toBeVisible({ timeout: 8_000 })
  await expect(alert).toContainText('slash once decoded')
  await captureView(cairn.page, testInfo, 'link-refused')
  await alert.getByRole('button', { name: 'Dismiss' }).click()
  await expect(alert).toBeHidden()
  await expect(cairn.page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible()
})

test('a memory link opens the file in the inspector', async ({ cairn }) => {
  await new AppPage(cairn.page).waitForReady()
  await writeFile(join(cairn.userDataDir, 'memories', 'trip.md'), 'Lisbon in May\n')
  await cairn.openLink('cairn://memory/trip.md')
  const memory = cairn.page.getByRole('tabpanel', { name: 'Memory' })
  await expect(memory.getByRole('heading', { level: 1, name: 'Memory' })).toBeVisible({
    timeout: 8_000
  })
  await expect(memory.getByText('Lisbon in May').first()).toBeVisible({ timeout: 8_000 })
})

test('Settings shows the tray option and the tray menu it turns on', async ({
  cairn
}, testInfo) => {
  const settings = await new AppPage(cairn.page).gotoSettings()
  const card = settings.section(process.platform === 'darwin' ? 'Menu bar' : 'Tray')
  const keep = card.getByRole('checkbox', { name: /Keep running in the (tray|menu bar)/ })
  await expect(keep).toBeVisible()
  if (await keep.isChecked()) await keep.uncheck()
  await expect(card.getByRole('list')).toBeHidden()
  await keep.check()
  const menu = card.getByRole('list')
  await expect(menu.getByRole('listitem')).toHaveText([
    'Open Cairn',
    'New chat',
    'Quick ask…',
    /memory folder/,
    'Pause memory for new chats',
    'Quit Cairn'
  ])
  // Saved at once, no Save button: the settings file says so.
  const saved = () =>
    readFile(join(cairn.userDataDir, 'settings.json'), 'utf8').then(JSON.parse, () => null)
  await expect.poll(saved).toMatchObject({ keepInTray: true })
  await card.scrollIntoViewIfNeeded()
  await captureView(cairn.page, testInfo, 'settings-tray-1280')
  await cairn.page.setViewportSize({ width: 900, height: 700 })
  await card.scrollIntoViewIfNeeded()
  await captureView(cairn.page, testInfo, 'settings-tray-900')
})

test('About → Copy crash report: none yet, then a summary of the dump, never its bytes', async ({
  cairn
}, testInfo) => {
  const settings = await new AppPage(cairn.page).gotoSettings()
  const about = settings.section('About Cairn')
  const copy = about.getByRole('button', { name: 'Copy crash report' })
  const status = about.getByRole('status', { name: 'Crash report status' })
  await copy.click()
  await expect(status).toContainText('No crash reports')

  const completed = join(cairn.userDataDir, 'logs', 'crash-dumps', 'completed')
  await mkdir(completed, { recursive: true })
  await writeFile(join(completed, 'a1b2c3.dmp'), 'MDMP-not-for-the-clipboard')
  await copy.click()
  await expect(status).toContainText('Copied a summary of 1 crash report')
  const copied = (await cairn.copiedText()) ?? ''
  expect(copied).toContain('a1b2c3.dmp')
  expect(copied).not.toContain('MDMP-not-for-the-clipboard')
  await about.scrollIntoViewIfNeeded()
  await captureView(cairn.page, testInfo, 'settings-crash-report')
})

test('Copy link gives a chat its cairn:// link, and that link brings the chat back', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const chat = new ChatPage(cairn.page)
  await new AppPage(cairn.page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Remember the Lyon trip')
  await expect(chat.log()).toContainText('Remember the Lyon trip')
  const list = cairn.page.getByRole('list', { name: 'Conversation list' })
  const item = list.locator('li.group').filter({ hasText: 'Remember the Lyon trip' })
  await item.hover()
  await item.getByRole('button', { name: /^Copy a link to / }).click()
  await expect(cairn.page.getByText(/copied: it opens this chat/)).toBeVisible()
  const link = (await cairn.copiedText()) ?? ''
  expect(link).toMatch(/^cairn:\/\/conversation\/[0-9a-f-]{36}$/)
  await item.hover()
  await captureView(cairn.page, testInfo, 'conversation-copy-link')

  await chat.newChat() // another chat in front; the link must bring the first one back
  await cairn.openLink(link)
  await expect(chat.log()).toContainText('Remember the Lyon trip')
})

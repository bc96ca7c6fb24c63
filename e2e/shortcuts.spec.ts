import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

test('Ctrl+/ opens the keyboard shortcuts, listing what exists; Esc closes it', async ({
  cairn
}, testInfo) => {
  test.setTimeout(60_000)
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 860 })
  const app = new AppPage(page)
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await expect(chat.composer()).toBeFocused()

  await page.keyboard.press('Control+/')
  const panel = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(panel).toBeVisible()
  const row = (what: string) =>
    panel.getByRole('row').filter({ has: page.getByRole('cell', { name: what, exact: true }) })
  await expect(row('New chat without memory')).toContainText('Ctrl+Shift+N')
  await expect(row('New chat')).toContainText('Ctrl+N')
  await expect(row('Chat, Memory, Settings')).toContainText('Ctrl+1')
  await expect(row('Stop the reply')).toContainText('Esc')
  await expect(row('Copy the last answer')).toContainText('Ctrl+Shift+C')
  await expect(row('Approve a memory change')).toContainText('A')
  await expect(row('This list')).toContainText('Ctrl+/')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    expect(await seriousA11yViolations(page), scheme).toEqual([])
    await captureView(page, testInfo, `shortcuts-${scheme}`)
  }

  // Every shortcut a control announces (aria-keyshortcuts) is in the list.
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(chat.composer()).toBeFocused()
  const announced = await page
    .locator('[aria-keyshortcuts]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-keyshortcuts')!.split(' ')[0]!))
  await page.keyboard.press('Control+/')
  await expect(panel).toBeVisible()
  const listed = await panel
    .locator('[data-keys]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-keys')))
  for (const keys of new Set(announced)) expect(listed, `${keys} is listed`).toContain(keys)

  // The sidebar offers it too, and Ctrl+/ closes it again.
  await page.keyboard.press('Control+/')
  await expect(panel).toBeHidden()
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await expect(panel).toBeVisible()
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
})

import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const BEFORE = '# About me\n\n- Likes tea\n'
const AFTER = '# About me\n\n- Likes green tea\n'

test('a change waiting in one chat shows from another: list badge, Chat tab count, icon and notification; one click opens the card, A approves, all clear', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(150_000) // Settings, two chats, four axe scans
  const page = cairn.page
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1280, height: 800 })
  const file = join(cairn.userDataDir, 'memories', 'about-me.md')
  await writeFile(file, BEFORE)
  cairn.anthropic!.script(
    reply([
      text('I will note it. '),
      memory({
        command: 'str_replace',
        path: '/memories/about-me.md',
        old_str: '- Likes tea',
        new_str: '- Likes green tea'
      })
    ]),
    reply('Noted: green tea.')
  )
  const app = new AppPage(page)
  const settings = await app.gotoSettings()
  await page.getByRole('radio', { name: /^Ask before changes that remove or overwrite/ }).check()
  await settings.save()
  await expect(settings.saveStatus()).toHaveText('Saved.')
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  const attention = cairn.attention()

  // Chat A: Claude proposes a change while the window is in the background.
  attention.setWindowFocused(false)
  await chat.newChat()
  await chat.send('I like green tea now.')
  const card = page.getByRole('region', { name: 'Claude wants to edit about-me.md' })
  await expect(card).toBeVisible()
  await expect
    .poll(() => attention.notifications())
    .toEqual([
      {
        title: 'Claude is waiting for your approval',
        body: 'In “I like green tea now.”: Claude wants to edit about-me.md',
        conversationId: expect.any(String)
      }
    ])
  attention.setWindowFocused(true)

  // The user moves on to chat B: A's row, the Chat tab, the icon and the title bar say it waits.
  await chat.newChat()
  await expect(card).toBeHidden()
  const rowA = chat.listItem(/^I like green tea now\./)
  await expect(rowA).toHaveAccessibleName('I like green tea now. (waiting for your approval)')
  const badgeA = rowA.getByText('Waiting for your approval', { exact: true })
  await expect(badgeA).toBeVisible()
  const chatTab = app.tab('Chat')
  await expect(chatTab).toHaveAccessibleDescription('1 chat waiting for your approval')
  await expect(chatTab.getByTestId('tab-badge')).toHaveText('1')
  await expect.poll(() => attention.waiting()).toBe(1)
  expect(attention.title()).toBe('Cairn — 1 chat waiting for your approval')

  // From Memory, the count is still in sight.
  await app.goto('Memory')
  await expect(chatTab.getByTestId('tab-badge')).toHaveText('1')
  await app.goto('Chat')

  for (const [width, height] of [
    [1280, 800],
    [900, 600]
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await expect(chatTab.getByTestId('tab-badge')).toBeVisible()
      expect(await seriousA11yViolations(page), `${width}×${height} ${scheme}`).toEqual([])
      await captureView(page, testInfo, `approval-waiting-${width}-${scheme}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The list hidden (Ctrl/Cmd+Shift+B): the header offers the chat that waits.
  await page.getByRole('button', { name: 'Hide conversations' }).click()
  const openWaiting = chat
    .header()
    .getByRole('button', { name: 'Open I like green tea now. (waiting for your approval)' })
  await expect(openWaiting).toBeVisible()
  expect(await seriousA11yViolations(page), 'list hidden').toEqual([])
  await captureView(page, testInfo, 'approval-waiting-list-hidden')
  await page.getByRole('button', { name: 'Show conversations' }).click()
  await expect(openWaiting).toBeHidden()

  // The notification's click brings the window forward on chat A, the card ready for the keys.
  const requestsBefore = attention.windowRequests().length
  await attention.clickNotification(0)
  await expect(card).toBeFocused()
  expect(attention.windowRequests().slice(requestsBefore)).toEqual(['show main'])

  // Back to B; then one click on A's badge opens A with the card focused, and A approves.
  await chat.newChat()
  await expect(card).toBeHidden()
  await badgeA.click()
  await expect(card).toBeFocused()
  // The chat as it was: the question and Claude's words before the change it asks for.
  await expect(chat.log().getByText('I like green tea now.')).toBeInViewport()
  await expect(chat.log().getByText('I will note it.')).toBeInViewport()
  await expect(chat.status()).toHaveText('Waiting for your approval')
  await captureView(page, testInfo, 'approval-waiting-opened')
  await page.keyboard.press('a')
  await expect(card).toBeHidden()
  await expect(chat.log()).toContainText('Noted: green tea.')
  expect(await readFile(file, 'utf8')).toBe(AFTER)

  // Nothing waits any more: no badge, no count, the icon and the title bar clear.
  await expect(rowA).toHaveAccessibleName('I like green tea now. 2 messages')
  await expect(badgeA).toBeHidden()
  await expect(chatTab.getByTestId('tab-badge')).toHaveCount(0)
  await expect(chatTab).not.toHaveAttribute('aria-describedby')
  await expect.poll(() => attention.waiting()).toBe(0)
  expect(attention.title()).toBe('Cairn')
  expect(attention.notifications()).toHaveLength(1)
})

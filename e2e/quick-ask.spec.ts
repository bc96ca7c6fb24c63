import { apiError, memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { QuickAskPage } from './pages/quick-ask-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

/*
 * The quick-ask window's view: the renderer on #quick-ask beside the main window, both on the
 * same main side (the browser harness records what the Electron side would do with the windows).
 */

test.describe('Quick ask', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('asks, streams the answer with its memory chip, and Open in Cairn continues in the main view', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    fake.script(
      reply([
        text('Noting that. '),
        memory({
          command: 'create',
          path: '/memories/coffee.md',
          file_text: '# Coffee\nFlat white\n'
        })
      ]),
      reply('Your usual is a **flat white**.', { eventDelayMs: 5 })
    )
    const app = new AppPage(cairn.page)
    await app.waitForReady()
    const chat = new ChatPage(cairn.page)
    await chat.useSessionKey()
    // The main window is on a chat of its own: only Open in Cairn can bring the other one up.
    await app.goto('Chat')
    await chat.newChat()
    await expect(chat.log()).toBeHidden()

    const quickPage = await cairn.openQuickAsk()
    await quickPage.setViewportSize({ width: 640, height: 420 })
    const quick = new QuickAskPage(quickPage)
    await expect(quick.input()).toBeFocused()
    await expect(quick.openInCairn()).toBeDisabled()
    await quick.ask('Remember my usual coffee: flat white')
    await expect(quick.log()).toContainText('Your usual is a flat white.')
    await expect(quick.chip('Created /memories/coffee.md')).toBeVisible()
    // A real memory write, through the one write path, in the one memory folder.
    const written = await cairn.page.evaluate(() =>
      (
        globalThis as unknown as {
          cairn: { memory: { read(i: object): Promise<{ content: string }> } }
        }
      ).cairn.memory.read({ space: 'default', path: '/memories/coffee.md' })
    )
    expect(written.content).toContain('Flat white')

    for (const scheme of ['light', 'dark'] as const) {
      await quickPage.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await quickPage.screenshot({ path: testInfo.outputPath(`quick-ask-${scheme}.png`) })
    }

    await quick.openInCairn().click()
    await expect
      .poll(() => cairn.quickAskSide().windowRequests)
      .toEqual(['show main', 'hide quick ask'])
    // The main window shows that conversation: the question and the answer, in the chat view.
    await expect(chat.log()).toContainText('Remember my usual coffee: flat white')
    await expect(chat.log()).toContainText('Your usual is a flat white.')
    await expect(
      chat
        .view()
        .getByRole('listitem')
        .filter({ hasText: /coffee/i })
        .first()
    ).toBeVisible()
  })

  test('a long wait Anthropic asks for is said in the quick window, with Continue in Cairn', async ({
    cairn
  }, testInfo) => {
    // A 429 asking for two minutes; the countdown's timer is held by the harness.
    cairn.background?.hold('chat-retry')
    cairn.anthropic!.script(apiError(429, { headers: { 'retry-after': '120' } }), reply('Later.'))
    const app = new AppPage(cairn.page)
    await app.waitForReady()
    await new ChatPage(cairn.page).useSessionKey()
    const quickPage = await cairn.openQuickAsk()
    await quickPage.setViewportSize({ width: 640, height: 420 })
    const quick = new QuickAskPage(quickPage)
    await quick.ask('Are you there?')
    const notice = quickPage.getByRole('status').filter({ hasText: 'asked Cairn to wait' })
    await expect(notice).toContainText('wait about 2 minutes')
    for (const scheme of ['light', 'dark'] as const) {
      await quickPage.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(quickPage), `long wait, ${scheme}`).toEqual([])
      await captureView(quickPage, testInfo, `quick-ask-long-wait-${scheme}`)
    }
    await notice.getByRole('button', { name: 'Continue in Cairn' }).click()
    await expect(new ChatPage(cairn.page).log()).toBeVisible()
  })

  test('Esc hides the window; New starts another question', async ({ cairn }) => {
    cairn.anthropic!.script(reply('Four.'))
    await new ChatPage(cairn.page).useSessionKey()
    const quick = new QuickAskPage(await cairn.openQuickAsk())
    await quick.ask('2 + 2?')
    await expect(quick.log()).toContainText('Four.')
    await quick.page.keyboard.press('Escape')
    await expect.poll(() => cairn.quickAskSide().windowRequests).toEqual(['hide quick ask'])
    await quick.newQuestion().click()
    await expect(quick.log()).toBeHidden()
    await expect(quick.input()).toBeFocused()
  })

  test('Settings → General: a shortcut another app holds is refused, the old one stays', async ({
    cairn
  }, testInfo) => {
    const side = cairn.quickAskSide()
    expect([...side.shortcutsHeld]).toEqual(['CommandOrControl+Shift+Space'])
    side.takenShortcuts.add('CommandOrControl+Alt+K')
    const settings = await new AppPage(cairn.page).gotoSettings()
    void settings
    const field = cairn.page.getByRole('button', { name: /^Shortcut/ })
    await expect(field).toHaveText('Ctrl+Shift+Space')
    await field.click()
    await expect(field).toHaveText('Press the new shortcut…')
    await cairn.page.keyboard.press('Control+Alt+K')
    const card = cairn.page.getByRole('region', { name: 'Quick ask' })
    await expect(card.getByRole('alert')).toHaveText(
      'Another app uses Ctrl+Alt+K; choose another shortcut.'
    )
    await expect(field).toHaveText('Ctrl+Shift+Space')
    expect([...side.shortcutsHeld]).toEqual(['CommandOrControl+Shift+Space'])
    await card.screenshot({ path: testInfo.outputPath('shortcut-taken.png') })
    await cairn.page.setViewportSize({ width: 900, height: 700 })
    await cairn.page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
    await card.scrollIntoViewIfNeeded()
    await cairn.page.screenshot({ path: testInfo.outputPath('shortcut-taken-900-dark.png') })

    await field.click()
    await cairn.page.keyboard.press('Control+Alt+J')
    await expect(field).toHaveText('Ctrl+Alt+J')
    await expect(card.getByRole('alert')).toBeHidden()
    expect([...side.shortcutsHeld]).toEqual(['CommandOrControl+Alt+J'])
  })
})

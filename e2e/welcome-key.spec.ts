import { apiError, reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, requireKeychain, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const RIGHT_KEY = 'sk-ant-api03-the-right-key-Zq81'

test.describe('A wrong key is caught where it is typed', () => {
  test.use({ anthropicKey: RIGHT_KEY })
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('the welcome card refuses an OpenAI key and a rejected key before it goes away', async ({
    cairn
  }, testInfo) => {
    test.setTimeout(60_000)
    await requireKeychain()
    const page = cairn.page
    const welcome = page.getByRole('region', { name: 'Welcome to Cairn' })
    await expect(welcome).toBeVisible()
    const key = welcome
      .getByRole('region', { name: 'API key', exact: true })
      .getByLabel('API key', { exact: true })
    // First run: the key field has the focus, and there is one primary action.
    await expect(key).toBeFocused()
    const primary = page
      .getByRole('tabpanel', { name: 'Chat' })
      .locator('.button--primary')
      .filter({ visible: true })
    await expect(primary).toHaveCount(1)
    await expect(primary).toHaveText('Save key')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await captureView(page, testInfo, `welcome-first-run-${scheme}`)
    }
    const save = welcome.getByRole('button', { name: 'Save key' })
    const problem = welcome.getByRole('alert')
    const modelCalls = () => cairn.anthropic!.requests.filter((r) => r.path === '/v1/models')

    // An OpenAI project key: refused by its shape, without asking anyone.
    const before = modelCalls().length
    await key.fill('sk-proj-AbCdEf0123456789AbCdEf0123456789AbCdEf0123456789')
    await save.click()
    await expect(problem).toContainText('looks like an OpenAI key')
    expect(modelCalls().length).toBe(before)
    await expect(key).toBeFocused()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `welcome ${scheme}`).toEqual([])
      await captureView(page, testInfo, `welcome-wrong-key-${scheme}`)
    }

    // Anything else not shaped like an Anthropic key.
    await key.fill('AIzaSyA-not-an-anthropic-key-000000')
    await save.click()
    await expect(problem).toContainText('does not look like an Anthropic API key')

    // Shaped right, but Anthropic does not know it: checked with one cheap call, still not saved.
    await key.fill('sk-ant-api03-a-revoked-key-0000')
    await save.click()
    await expect(problem).toContainText('Anthropic rejected this key')
    await expect(welcome).toBeVisible()
    expect(await cairn.readKeychain()).toBeNull()
    const asked = modelCalls().at(-1)
    expect(asked?.headers['x-api-key'] ?? asked?.headers.authorization).toContain(
      'a-revoked-key-0000'
    )

    // The right key: saved, the card goes, the composer is ready.
    await key.fill(RIGHT_KEY)
    await save.click()
    await expect(welcome).toBeHidden()
    expect(await cairn.readKeychain()).toBe(RIGHT_KEY)
    await expect(new ChatPage(page).composer()).toBeFocused()
  })

  test('a 401 in the chat leads to the key field', async ({ cairn }, testInfo) => {
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey('sk-ant-api03-revoked-since-9999')
    cairn.anthropic!.script(apiError(401), reply('unused'))
    await chat.newChat()
    await chat.send('Hello?')
    const failure = chat.log().getByRole('alert')
    await expect(failure).toContainText('Anthropic did not accept the API key.')
    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), `chat ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `chat-401-${scheme}`)
    }
    await failure.getByRole('button', { name: 'Change the API key' }).click()
    await expect(new AppPage(cairn.page).currentView()).toHaveText('Settings')
    await expect(
      cairn.page.getByRole('region', { name: 'API key', exact: true }).getByLabel('API key', {
        exact: true
      })
    ).toBeFocused()
  })
})

import { apiError, memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// A generated look-alike of an AWS access key, never a real credential.
const FAKE_AWS_KEY = 'AKIAZ7QW3ER5TY2UI4OP'

async function startChat(page: import('@playwright/test').Page): Promise<ChatPage> {
  const chat = new ChatPage(page)
  await new AppPage(page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  return chat
}

test.describe('Errors say what is true and what to do', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('a 429 says how long to wait; no promise of a retry that will not come', async ({
    cairn
  }, testInfo) => {
    // Longer than Cairn waits out on its own: the user is told at once.
    cairn.anthropic!.script(apiError(429, { headers: { 'retry-after': '300' } }))
    const chat = await startChat(cairn.page)
    await chat.send('Hello')
    const failure = chat.log().getByRole('alert')
    await expect(failure).toContainText('Anthropic is limiting how fast this key can send requests')
    await expect(failure).toContainText('asks Cairn to wait 5 minutes')
    await expect(failure).not.toContainText('on its own')
    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), scheme).toEqual([])
      await captureView(cairn.page, testInfo, `error-429-${scheme}`)
    }
  })

  test('after its own tries, an overloaded API is not said to be retried again', async ({
    cairn
  }) => {
    test.setTimeout(60_000)
    const fake = cairn.anthropic!
    const busy = () => apiError(529, { headers: { 'retry-after': '0' } })
    fake.script(busy(), busy(), busy(), busy())
    const chat = await startChat(cairn.page)
    await chat.send('Hello')
    const failure = chat.log().getByRole('alert')
    await expect(failure).toContainText('Anthropic is overloaded right now.')
    expect(fake.messageRequests()).toHaveLength(4)
    await expect(failure).toContainText('Cairn tried 4 times')
    await expect(failure).not.toContainText('retries on its own')
  })

  test('the refused-secret chip speaks to the user, not to Claude', async ({ cairn }, testInfo) => {
    cairn.anthropic!.script(
      reply([
        text('Saving it. '),
        memory({
          command: 'create',
          path: '/memories/deploy.md',
          file_text: `# Deploy\n\nAWS key: ${FAKE_AWS_KEY}\n`
        })
      ]),
      reply('I did not store the key.')
    )
    const chat = await startChat(cairn.page)
    await chat.send('Remember my AWS key.')
    await expect(chat.log()).toContainText('I did not store the key.')
    const chip = chat.chip(/contains an AWS access key/)
    await chip.click()
    const details = chat.log().locator(`[id="${await chip.getAttribute('aria-controls')}"]`)
    await expect(details).toContainText('The secret guard kept an AWS access key (line 3)')
    await expect(details).toContainText('Nothing was written to /memories/deploy.md')
    await expect(details).not.toContainText('Write it again without the secret')
    await expect(details).not.toContainText('Error:')
    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), scheme).toEqual([])
      await captureView(cairn.page, testInfo, `secret-chip-details-${scheme}`)
    }
  })
})

import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// A long paste: the composer grows with it (wrapped lines too) up to a share of the window, and
// once sent the message shows folded to a dozen lines, opened and closed on demand.

const LONG = 'A very long pasted paragraph, on and on. '.repeat(250)

test('a 10,000-character paste grows the composer; sent, it folds and opens on demand', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const page = cairn.page
  await page.setViewportSize({ width: 900, height: 600 })
  const app = new AppPage(page)
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()

  const empty = (await chat.composer().boundingBox())!.height
  await chat.composer().fill(LONG)
  await expect
    .poll(async () => (await chat.composer().boundingBox())!.height)
    .toBeGreaterThan(empty * 4)
  const grown = (await chat.composer().boundingBox())!.height
  expect(grown, 'at most 40% of the window').toBeLessThanOrEqual(600 * 0.4 + 1)
  await captureView(page, testInfo, 'long-paste-composer')

  cairn.anthropic!.script(reply('Got it.'))
  await chat.composer().press('Enter')
  await expect(chat.log()).toContainText('Got it.')
  const bubble = chat.log().getByTestId('user-text')
  const open = chat.log().getByRole('button', { name: /^Show all \(10,250 characters\)$/ })
  await expect(open).toHaveAttribute('aria-expanded', 'false')
  const folded = (await bubble.boundingBox())!.height
  expect(folded, 'folded to about a dozen lines').toBeLessThan(12 * 28 + 24)
  await expect(bubble).toContainText('on and on.')
  expect(await seriousA11yViolations(page), 'folded message').toEqual([])
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await captureView(page, testInfo, `long-message-folded-${scheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })

  await open.click()
  const close = chat.log().getByRole('button', { name: 'Show less' })
  await expect(close).toHaveAttribute('aria-expanded', 'true')
  await expect.poll(async () => (await bubble.boundingBox())!.height).toBeGreaterThan(folded)
  await close.click()
  await expect(open).toBeVisible()
})

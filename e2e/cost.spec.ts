import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { captureView, seriousA11yViolations } from './support/page-checks'
import { expect, test } from './support/app-fixture'

/*
 * Cost and context, visible: each answer's cost on its usage line, the chat's total and the
 * context gauge above the composer, and the last 30 days in Settings → About. The fake API's
 * replies carry the usage numbers scripted here; the model is Claude Sonnet 4.6 (the newest
 * Sonnet the fake lists): $3 input, $15 output, $3.75 cache write, $0.30 cache read per million.
 */

test.describe('Cost and context', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('each answer shows its cost, the chat its total, the gauge fills as it grows, About sums 30 days', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    fake.script(
      // 1,000×3 + 100×15 + 20,000×3.75 = 79,500 µ$
      reply('First answer.', {
        usage: { input_tokens: 1_000, output_tokens: 100, cache_creation_input_tokens: 20_000 }
      }),
      // 2,000×3 + 200×15 + 21,000×0.30 + 300,000×3.75 = 1,140,300 µ$
      reply('Second answer.', {
        usage: {
          input_tokens: 2_000,
          output_tokens: 200,
          cache_read_input_tokens: 21_000,
          cache_creation_input_tokens: 300_000
        }
      })
    )
    const app = new AppPage(cairn.page)
    const chat = new ChatPage(cairn.page)
    await app.goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()

    await chat.send('Hello')
    await expect(chat.log()).toContainText('First answer.')
    const lines = chat.log().getByTestId('usage-line')
    await expect(lines).toHaveText(['$0.0795 · 21,000 in · 100 out'])
    const footer = cairn.page.getByTestId('conversation-footer')
    await expect(footer).toContainText('This chat: $0.0795')
    const gauge = cairn.page.getByRole('meter', { name: 'Context used' })
    await expect(gauge).toHaveAttribute('aria-valuenow', '21000')
    await expect(gauge).toHaveAttribute('aria-valuemax', '1000000')
    await expect(footer).toContainText('2% of 1M context')
    // Context editing is on by default (past 100K input tokens): far from it, nothing is said.
    await expect(footer).not.toContainText('Long chat')

    await chat.send('And more')
    await expect(chat.log()).toContainText('Second answer.')
    await expect(lines).toHaveText([
      '$0.0795 · 21,000 in · 100 out',
      '$1.14 · 323,000 in · 200 out · 21,000 cached'
    ])
    await expect(footer).toContainText('This chat: $1.22')
    await expect(gauge).toHaveAttribute('aria-valuenow', '323000')
    await expect(footer).toContainText('32% of 1M context')
    await expect(footer).toContainText(
      'Long chat (over 100K tokens): older tool results are no longer sent to Claude'
    )

    for (const size of [
      { width: 1200, height: 780 },
      { width: 900, height: 600 }
    ]) {
      await cairn.page.setViewportSize(size)
      for (const scheme of ['light', 'dark'] as const) {
        await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
        expect(await seriousA11yViolations(cairn.page), `chat, ${scheme}`).toEqual([])
        await captureView(cairn.page, testInfo, `cost-chat-${size.width}-${scheme}`)
      }
    }

    // Saved: after a reload the lines and the total are read back from the conversation file.
    await cairn.page.reload()
    await app.goto('Chat')
    await expect(lines).toHaveCount(2)
    await expect(footer).toContainText('This chat: $1.22')

    await app.gotoSettings()
    const recent = cairn.page.getByRole('region', { name: 'Cost of the last 30 days' })
    await recent.scrollIntoViewIfNeeded()
    await expect(recent.getByTestId('recent-cost-total')).toHaveText('$1.22')
    await expect(recent.getByRole('list', { name: 'Cost per model' })).toHaveText(
      /Claude Sonnet 4\.6\s*\$1\.22\s*344,000 in · 300 out/
    )
    await expect(recent).toContainText("at Anthropic's list prices of 2026-11-22")
    for (const size of [
      { width: 1200, height: 780 },
      { width: 900, height: 600 }
    ]) {
      await cairn.page.setViewportSize(size)
      await recent.scrollIntoViewIfNeeded()
      for (const scheme of ['light', 'dark'] as const) {
        await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
        expect(await seriousA11yViolations(cairn.page), `settings, ${scheme}`).toEqual([])
        await captureView(cairn.page, testInfo, `cost-about-${size.width}-${scheme}`)
      }
    }
  })
})

import { apiError, gate, memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// The waits before an answer say what is happening, and a retried answer leaves no old error.
test.describe('Waits', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`"Claude is thinking…" shows from send until the first token (${scheme})`, async ({
      cairn
    }, testInfo) => {
      test.setTimeout(60_000) // axe and a screenshot while the answer is held back
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      const firstToken = gate()
      // Headers and message_start arrive, then nothing until the gate opens: the model thinking.
      cairn.anthropic!.script(
        reply('Here is the answer.', { fault: { kind: 'hold', gate: firstToken, afterDeltas: 0 } })
      )
      const chat = new ChatPage(cairn.page)
      await new AppPage(cairn.page).goto('Chat')
      await chat.useSessionKey()
      await chat.newChat()
      await chat.send('Think first, then answer')
      // Where the answer will appear, and in the live region for screen readers.
      const thinking = chat.log().getByText('Claude is thinking…')
      await expect(thinking).toBeVisible()
      await expect(chat.status()).toHaveText('Claude is thinking…')
      await expect(chat.stopButton()).toBeVisible()
      // The dots pulse, unless the system asks for reduced motion.
      const dot = chat.log().locator('p[aria-hidden="true"] span span').first()
      const animation = () =>
        dot.evaluate(
          (el) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { animationName: string } }
            ).getComputedStyle(el).animationName
        )
      expect(await animation()).toBe('none')
      await cairn.page.emulateMedia({ reducedMotion: 'no-preference' })
      expect(await animation()).toBe('pulse')
      await cairn.page.emulateMedia({ reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), `thinking in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `thinking-${scheme}`)
      firstToken.release()
      await expect(chat.log()).toContainText('Here is the answer.')
      await expect(thinking).toHaveCount(0)
      await expect(chat.status()).toHaveText('')
      await expect(chat.stopButton()).toBeHidden()
    })

    test(`a 529 shows the countdown and the attempt, then the answer (${scheme})`, async ({
      cairn
    }, testInfo) => {
      // The API asks for a 15 s wait and Cairn waits it out. In the browser harness the test lets
      // each second pass (the countdown's timer is held); in Electron they pass on the clock.
      const seconds = cairn.background
      seconds?.hold('chat-retry')
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      cairn.anthropic!.script(
        apiError(529, { headers: { 'retry-after': '15' } }),
        reply('Back after the overload.')
      )
      const chat = new ChatPage(cairn.page)
      await new AppPage(cairn.page).goto('Chat')
      await chat.useSessionKey()
      await chat.newChat()
      await chat.send('Are you there?')
      const countdown = chat.log().getByText(/^Overloaded, retrying in \d+ s, try 2 of 4$/)
      await expect(countdown).toBeVisible()
      const first = await countdown.textContent()
      await expect(chat.status()).toContainText('try 2 of 4')
      // It counts down each second…
      seconds?.fire('chat-retry')
      await expect(countdown).not.toHaveText(first ?? '')
      await expect(chat.stopButton()).toBeVisible()
      expect(await seriousA11yViolations(cairn.page), `retrying in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `retrying-${scheme}`)
      await expect(countdown).toBeVisible() // axe and the screenshot saw the countdown
      // …then the answer arrives and the wait is gone, with no error left behind.
      for (let left = 14; seconds && left > 0; left--) {
        await expect.poll(() => seconds.pending()).toContain('chat-retry')
        seconds.fire('chat-retry')
      }
      await expect(chat.log()).toContainText('Back after the overload.', { timeout: 30_000 })
      await expect(chat.view().getByText(/retrying/)).toHaveCount(0)
      await expect(chat.view().getByRole('alert')).toHaveCount(0)
      expect(cairn.anthropic!.messageRequests()).toHaveLength(2)
    })
  }

  test('a failed answer, retried, leaves no stale error on screen or on disk; one usage line per answer', async ({
    cairn
  }, testInfo) => {
    test.setTimeout(60_000)
    const overloaded = () => apiError(529, { headers: { 'retry-after-ms': '20' } })
    cairn.anthropic!.script(
      overloaded(),
      overloaded(),
      overloaded(),
      overloaded(),
      // The retried answer takes two API rounds (a memory view, then the text).
      reply([text('Checking memory. '), memory({ command: 'view', path: '/memories' })], {
        usage: { input_tokens: 100, output_tokens: 10 }
      }),
      reply('All good now.', { usage: { input_tokens: 200, output_tokens: 20 } })
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Try hard')
    const error = chat.log().getByRole('alert')
    await expect(error).toContainText('Anthropic is overloaded right now. Cairn tried 4 times.')
    // The failed attempt used no tokens: no "0 in · 0 out" line.
    await expect(chat.log().getByTestId('usage-line')).toHaveCount(0)
    await error.getByRole('button', { name: 'Retry' }).click()
    await expect(chat.log()).toContainText('All good now.')
    await expect(chat.view().getByRole('alert')).toHaveCount(0)
    // One line for the whole answer, summed over its two rounds.
    await expect(chat.log().getByTestId('usage-line')).toHaveText([/· 300 in · 30 out$/])
    await captureView(cairn.page, testInfo, 'retried-answer')

    // Saved that way: after a reload the error is still gone.
    await cairn.page.reload()
    await new AppPage(cairn.page).goto('Chat')
    await expect(chat.log()).toContainText('All good now.')
    await expect(chat.view().getByRole('alert')).toHaveCount(0)
    await expect(chat.log().getByTestId('usage-line')).toHaveCount(1)
  })
})

import { gate, memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

/** A long answer: `count` paragraphs, each named so a test can look for it. */
function paragraphs(count: number, label = 'Paragraph'): string {
  return Array.from(
    { length: count },
    (_, i) => `${label} ${i + 1}: a sentence long enough to wrap once or twice in the chat column.`
  ).join('\n\n')
}

async function startChat(cairn: { page: import('@playwright/test').Page }): Promise<ChatPage> {
  const chat = new ChatPage(cairn.page)
  await new AppPage(cairn.page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  return chat
}

test.describe('The chat follows the answer', () => {
  test.beforeEach(async ({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
    await cairn.page.setViewportSize({ width: 1280, height: 720 })
  })

  test('a 60-paragraph answer in a new chat is followed to its end', async ({ cairn }) => {
    await cairn.page.setViewportSize({ width: 800, height: 600 })
    const held = gate()
    cairn.anthropic!.script(
      reply(paragraphs(60), {
        // About 120 words a second, as a fast model writes.
        textChunk: 16,
        eventDelayMs: 12,
        fault: { kind: 'hold', gate: held, afterDeltas: 210 }
      })
    )
    const chat = await startChat(cairn)
    await chat.send('Tell me everything')
    await expect(chat.log()).toBeVisible()
    // Mid-stream (about paragraph 40): the newest words are in view, the list sits at its bottom.
    await expect(chat.log().getByText(/^Paragraph 40:/)).toBeInViewport()
    await expect.poll(() => chat.distanceFromBottom()).toBeLessThan(4)
    await expect(chat.latestButton()).toBeHidden()
    held.release()
    await expect(chat.stopButton()).toBeHidden()
    await expect(chat.log().getByText(/^Paragraph 60:/)).toBeInViewport()
    await expect.poll(() => chat.distanceFromBottom()).toBeLessThan(4)
    // How far behind the list lags on the way is a figure, printed by perf.spec.ts.
  })

  test('scrolled up a little, sending scrolls to the new message and follows its reply', async ({
    cairn
  }) => {
    cairn.anthropic!.script(
      reply(paragraphs(20)),
      reply(paragraphs(12, 'Answer'), { textChunk: 16, eventDelayMs: 3 })
    )
    const chat = await startChat(cairn)
    await chat.send('A long one first')
    await expect(chat.log().getByText(/^Paragraph 20:/)).toBeInViewport()
    await expect(chat.stopButton()).toBeHidden()

    await chat.wheel(-130)
    await expect.poll(() => chat.distanceFromBottom()).toBeGreaterThan(100)
    await chat.send('Is three days enough?')
    await expect(chat.log().getByText('Is three days enough?')).toBeInViewport()
    await expect(chat.log().getByText(/^Answer 12:/)).toBeInViewport()
    await expect(chat.stopButton()).toBeHidden()
    await expect.poll(() => chat.distanceFromBottom()).toBeLessThan(4)
    await expect(chat.latestButton()).toBeHidden()
  })

  test('scrolling up stops following and offers "Latest" with a count of new messages', async ({
    cairn
  }, testInfo) => {
    const held = gate()
    cairn.anthropic!.script(
      reply(
        [
          text(paragraphs(40)),
          memory({ command: 'create', path: '/memories/notes.md', file_text: 'Notes\n' })
        ],
        { textChunk: 24, fault: { kind: 'hold', gate: held, afterDeltas: 110 } }
      ),
      reply(paragraphs(25, 'Second'), { textChunk: 24, eventDelayMs: 2 })
    )
    const chat = await startChat(cairn)
    await chat.send('Write two long answers')
    await expect(chat.log().getByText(/^Paragraph 30:/)).toBeInViewport()

    // The reader goes back up while the answer is still coming.
    await chat.wheel(-600)
    await expect.poll(() => chat.distanceFromBottom()).toBeGreaterThan(500)
    const readingAt = await chat.scrollTop()
    await expect(chat.latestButton()).toBeVisible()
    await expect(chat.latestButton()).not.toContainText('new')

    held.release()
    await expect.poll(() => cairn.anthropic!.messageRequests().length).toBe(2)
    await expect(chat.stopButton()).toBeHidden()
    // The view stayed where the reader left it; the button counts the message that came since.
    expect(Math.abs((await chat.scrollTop()) - readingAt)).toBeLessThan(4)
    await expect(chat.latestButton()).toContainText('1 new')

    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), scheme).toEqual([])
      await captureView(cairn.page, testInfo, `follow-latest-${scheme}`)
    }

    await chat.latestButton().click()
    await expect(chat.log().getByText(/^Second 25:/)).toBeInViewport()
    await expect(chat.latestButton()).toBeHidden()
    await expect(chat.log()).toBeFocused() // the button went away; the focus stays in the list

    // Reaching the bottom by scrolling also resumes following: no button left behind.
    await chat.wheel(-300)
    await expect(chat.latestButton()).toBeVisible()
    await chat.wheel(5000)
    await expect(chat.latestButton()).toBeHidden()
  })
})

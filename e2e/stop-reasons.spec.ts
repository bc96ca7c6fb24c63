import { reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

// Issue 25, major 3: an answer cut off at the reply limit, or refused, says so under it; the cut
// one (and a paused one) offers "Continue", which goes on with the answer.

test.describe('Why an answer stopped', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('max_tokens: a notice and Continue, which asks for the rest; a refusal says so, with no Continue', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    fake.script(
      reply([text('Once upon a time, in a land far')], { stopReason: 'max_tokens' }),
      reply(' away, lived a cat.'),
      reply([text('I can’t help with that.')], { stopReason: 'refusal' })
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Tell me a long story')

    const why = chat.log().getByRole('note', { name: 'Why the answer stopped' })
    await expect(why).toContainText('cut off: it reached the reply limit')
    const more = chat.log().getByRole('button', { name: 'Continue' })
    await expect(more).toBeVisible()
    await captureView(cairn.page, testInfo, 'stop-max-tokens')
    await more.click()
    await expect(chat.log()).toContainText('away, lived a cat.')
    // The cut answer keeps its notice; nothing is left to continue.
    await expect(why).toHaveCount(1)
    await expect(more).toHaveCount(0)
    // Claude was asked to go on, after the words it had written.
    const asked = fake.messageRequests()[1]!.body as { messages: Array<{ role: string }> }
    expect(asked.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(JSON.stringify(asked.messages[2])).toContain('The user pressed Continue')

    await chat.send('Something you will refuse')
    await expect(why.last()).toContainText('Claude declined to go on with this answer')
    await expect(more).toHaveCount(0)
    await captureView(cairn.page, testInfo, 'stop-refusal')
  })
})

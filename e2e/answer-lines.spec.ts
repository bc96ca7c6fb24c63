import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

// Issue 25, minor: one model line per answer (not one per tool round), by the model's name; the
// conversation list counts your message and its answer as two messages.

test('an answer with a memory round: one model line, by name; the list says 2 messages', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  cairn.anthropic!.script(
    reply([
      text('Let me note that. '),
      memory({ command: 'create', path: '/memories/trip.md', file_text: 'Lyon in May\n' })
    ]),
    reply('Noted: Lyon in May.')
  )
  const chat = new ChatPage(cairn.page)
  await new AppPage(cairn.page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Remember my trip: Lyon in May')
  await expect(chat.log()).toContainText('Noted: Lyon in May.')
  await expect(chat.log().getByText(/^Answered by /)).toHaveCount(1)
  await expect(chat.log().getByText('Answered by Claude Sonnet 4.6')).toBeVisible()
  await expect(chat.log()).not.toContainText('claude-sonnet-4-6')
  await expect(cairn.page.getByText('2 messages')).toBeVisible()
  await captureView(cairn.page, testInfo, 'answer-lines')
})

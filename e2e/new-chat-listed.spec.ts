import { gate, reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'

// Issue 25, minor: a new chat shows in the list under its title as soon as its first message is
// sent, not only once the answer is whole. Issue 36, minor: the row marks a reply still coming.

test('the first message names the chat in the list at once, while the answer is still coming', async ({
  cairn
}) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const held = gate()
  cairn.anthropic!.script(
    reply('Lyon is lovely in May.', { fault: { kind: 'hold', gate: held, afterDeltas: 1 } })
  )
  const chat = new ChatPage(cairn.page)
  await new AppPage(cairn.page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Plan a trip to Lyon')
  const item = cairn.page.getByRole('button', { name: /Plan a trip to Lyon/ }).first()
  await expect(item).toBeVisible()
  await expect(item).toContainText('1 message')
  // The row says the reply is still coming, and stops saying it once it is whole.
  await expect(item).toContainText('Answering…')
  held.release()
  await expect(chat.log()).toContainText('Lyon is lovely in May.')
  await expect(item).toContainText('2 messages')
  await expect(item).not.toContainText('Answering…')
})

import { reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { addServerByJson, EVERYTHING } from './support/mcp-servers'

/*
 * "Always allow" on the card is remembered for that server and tool: after Cairn quits and starts
 * again on the same data folder, Settings shows it and Claude's next call of that tool runs with
 * no card at all.
 */

const CARD = 'Claude wants to use Echo Tool (Everything)'

test('Always allow survives a restart: the next call of that tool runs without a card', async ({
  cairn
}) => {
  const page = cairn.page
  const app = new AppPage(page)
  await addServerByJson(app, 'Everything', [EVERYTHING])
  const fake = cairn.anthropic!
  const echo = (message: string) =>
    reply([
      text('Asking the server. '),
      { type: 'tool_use', name: 'mcp__everything__echo', input: { message } }
    ])
  fake.script(echo('first'), reply('It answered the first time.'))
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Echo something.')
  const card = page.getByRole('region', { name: CARD })
  await card.getByRole('button', { name: 'Always allow', exact: true }).click()
  await expect(chat.log()).toContainText('It answered the first time.')

  await cairn.restart()
  // The setting as Settings → Tools shows it, once the server is back (it starts in the background).
  const tools = (await app.gotoSettings()).part('Tools')
  const server = tools.getByRole('listitem', { name: 'Everything' })
  await expect(server.getByTestId('mcp-state')).toHaveText(/^Connected · \d+ tools$/)
  await server.getByText(/tools, and how Claude may use them/).click()
  await expect(server.getByRole('combobox', { name: 'When Claude uses Echo Tool' })).toHaveValue(
    'always'
  )

  fake.script(echo('again'), reply('It answered again.'))
  await app.goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Echo something again.')
  await expect(chat.log()).toContainText('It answered again.')
  await expect(page.getByRole('region', { name: CARD })).toHaveCount(0)
  // The call ran: Claude was given the server's answer.
  const sent = JSON.stringify(fake.messageRequests().at(-1)?.body)
  expect(sent).toContain('Echo: again')
  const chip = page.getByRole('button', { name: /^Used Echo Tool \(Everything\)/ })
  await chip.click()
  await expect(page.getByText('Echo: again', { exact: true })).toBeVisible()
})

import { reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { addServerByJson, EVERYTHING } from './support/mcp-servers'
import { checkEveryLook } from './support/page-checks'

/*
 * Elicitation: Claude calls server-everything's `trigger-elicitation-request`, the server asks
 * for a form during the call, the form shows in that chat ("Everything asks:"), and the answer
 * the user gives (or their Decline) reaches the server, whose tool result says what it got.
 */

const TOOL = 'mcp__everything__trigger-elicitation-request'

test('a server asks during a tool call: the form shows in the chat, the answer reaches it; Decline too', async ({
  cairn
}, testInfo) => {
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  await addServerByJson(new AppPage(page), 'Everything', [EVERYTHING])
  cairn.anthropic!.script(
    reply([text('I will ask the server. '), { type: 'tool_use', name: TOOL, input: {} }]),
    reply('The server has your details.'),
    reply([text('Once more. '), { type: 'tool_use', name: TOOL, input: {} }]),
    reply('You declined; fine.')
  )
  await new AppPage(page).goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Give the server my details.')
  const card = page.getByRole('region', {
    name: 'Claude wants to use Trigger Elicitation Request Tool (Everything)'
  })
  await card.getByRole('button', { name: 'Allow for this chat' }).click()

  const form = page.getByRole('region', { name: 'Everything asks:' })
  await expect(form).toBeVisible()
  await expect(form.getByText('Please provide inputs for the following fields:')).toBeVisible()
  await expect(form.getByText(/not from Claude or Cairn/)).toBeVisible()
  // The reply waits on the user, not on Claude: the status says so.
  await expect(page.getByRole('status', { name: 'Reply status' })).toHaveText(
    'Waiting for your answer to the form'
  )
  await expect(form.getByRole('spinbutton', { name: 'Integer' })).toHaveValue('42')
  await checkEveryLook(page, testInfo, 'mcp-elicitation', form)

  // Submit without the required name: the form says so, nothing is sent yet.
  await form.getByRole('button', { name: 'Submit' }).click()
  const name = form.getByRole('textbox', { name: 'String (required)' })
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('String: this field is required; fill it in.')).toBeVisible()
  await expect(name).toBeFocused()
  await name.fill('Ada Lovelace')
  await form.getByRole('textbox', { name: 'String with email format' }).fill('ada@example.com')
  await form.getByRole('checkbox', { name: 'Boolean' }).check()
  await form.getByRole('spinbutton', { name: 'Integer' }).fill('7')
  await form
    .getByRole('combobox', { name: 'Titled Single Select Enum', exact: true })
    .selectOption('Wonder Woman')
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByText('The server has your details.')).toBeVisible()

  // What Claude got back is the server's result, with the answers in it.
  const [, second] = await cairn.anthropic!.waitForMessageRequests(2)
  const sent = JSON.stringify(second!.body)
  expect(sent).toContain('- Name: Ada Lovelace')
  expect(sent).toContain('- Email: ada@example.com')
  expect(sent).toContain('- Favorite Integer: 7')
  expect(sent).toContain('hero-3')
  const chip = page.getByRole('button', {
    name: /^Used Trigger Elicitation Request Tool \(Everything\)/
  })
  await chip.first().click()
  await expect(page.getByText(/- Name: Ada Lovelace/).first()).toBeVisible()

  // The second call: allowed for this chat (no card); the user declines the form.
  await chat.send('Ask me again.')
  await expect(form).toBeVisible()
  await form.getByRole('button', { name: 'Decline' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByText('You declined; fine.')).toBeVisible()
  const fourth = (await cairn.anthropic!.waitForMessageRequests(4))[3]!
  expect(JSON.stringify(fourth.body)).toContain(
    'User declined to provide the requested information'
  )
})

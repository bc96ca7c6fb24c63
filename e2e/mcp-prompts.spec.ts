import { reply, type RecordedRequest } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { addServerByJson, EVERYTHING } from './support/mcp-servers'
import { checkEveryLook } from './support/page-checks'

/*
 * MCP prompts and resources in the composer, with the real reference server (server-everything)
 * over stdio: `/` lists its prompts, one with an argument is filled in and lands in the message
 * for the user to send; "Attach from server" attaches one of its resources to the next message.
 */

type Body = { messages: Array<{ role: string; content: Array<Record<string, unknown>> }> }
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Body

test.describe('MCP prompts and resources', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('a slash-command prompt with an argument goes into the message and is sent', async ({
    cairn
  }, testInfo) => {
    const page = cairn.page
    await page.setViewportSize({ width: 1280, height: 800 })
    await addServerByJson(new AppPage(page), 'Everything', [EVERYTHING])
    const app = new AppPage(page)
    await app.goto('Chat')
    const chat = new ChatPage(page)
    await chat.useSessionKey()
    await chat.newChat()

    const composer = chat.composer()
    await composer.fill('/')
    const list = page.getByRole('listbox', { name: 'Prompts' })
    await expect(list.getByRole('option', { name: /\/everything:simple-prompt/ })).toBeVisible()
    await composer.pressSequentially('args')
    await expect(list.getByRole('option')).toHaveCount(1)
    const option = list.getByRole('option', { name: /\/everything:args-prompt Arguments Prompt/ })
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await expect(composer).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id'))!
    )
    await checkEveryLook(page, testInfo, 'mcp-slash-list', composer)

    // Escape closes the list only; typing again brings it back.
    await composer.press('Escape')
    await expect(list).toBeHidden()
    await composer.press('Backspace')
    await expect(list.getByRole('option', { name: /args-prompt/ })).toBeVisible()
    await composer.press('ArrowDown')
    await composer.press('ArrowUp')
    await composer.press('Enter')

    const form = page.getByRole('form', { name: /\/everything:args-prompt/ })
    const city = form.getByRole('textbox', { name: 'city', exact: true })
    await expect(city).toBeFocused()
    const insert = form.getByRole('button', { name: 'Insert into message' })
    await expect(insert).toBeDisabled() // the required argument is empty
    await city.fill('Lyon')
    await checkEveryLook(page, testInfo, 'mcp-prompt-form', form)
    await insert.click()
    await expect(form).toBeHidden()
    // Into the box for the user to read: nothing is sent by itself.
    await expect(composer).toHaveValue("What's weather in Lyon?")
    await expect(composer).toBeFocused()
    expect(cairn.anthropic!.messageRequests()).toHaveLength(0)

    cairn.anthropic!.script(reply('Mild, with some sun.'))
    await composer.press('Enter')
    await expect(chat.log()).toContainText('Mild, with some sun.')
    const [sent] = await cairn.anthropic!.waitForMessageRequests(1)
    expect(bodyOf(sent).messages[0]?.content).toEqual([
      { type: 'text', text: "What's weather in Lyon?", cache_control: { type: 'ephemeral' } }
    ])
  })

  test('a resource attached from the server is sent as a document naming server and URI', async ({
    cairn
  }, testInfo) => {
    const page = cairn.page
    await page.setViewportSize({ width: 1280, height: 800 })
    await addServerByJson(new AppPage(page), 'Everything', [EVERYTHING])
    const app = new AppPage(page)
    await app.goto('Chat')
    const chat = new ChatPage(page)
    await chat.useSessionKey()
    await chat.newChat()

    await page.getByRole('button', { name: 'Attach from server' }).click()
    const picker = page.getByRole('dialog', { name: 'Attach from server' })
    const search = picker.getByRole('combobox', { name: 'Search resources' })
    await expect(search).toBeFocused()
    const uri = 'demo://resource/static/document/features.md'
    await expect(picker.getByRole('option', { name: new RegExp(uri) })).toBeVisible()
    await search.fill('features')
    await expect(picker.getByRole('option')).toHaveCount(1)
    await checkEveryLook(page, testInfo, 'mcp-resource-picker', picker)
    await search.press('Enter')
    await expect(picker).toBeHidden()

    const name = `Everything · ${uri}`
    const chip = page
      .getByRole('list', { name: 'Attached files' })
      .getByRole('listitem')
      .filter({ hasText: name })
    await expect(chip).toContainText(/Text · \d/)
    await checkEveryLook(page, testInfo, 'mcp-resource-attached', chip)

    cairn.anthropic!.script(reply('It lists the features.'))
    await chat.send('What is in it?')
    await expect(chat.log()).toContainText('It lists the features.')
    const [sent] = await cairn.anthropic!.waitForMessageRequests(1)
    const [doc, question] = bodyOf(sent).messages[0]?.content ?? []
    expect(doc).toMatchObject({
      type: 'document',
      title: name,
      source: { type: 'text', media_type: 'text/plain', data: expect.stringContaining('#') }
    })
    expect(question).toMatchObject({ type: 'text', text: 'What is in it?' })
  })
})

import { cited, NEWEST_MODELS, reply, text, thinking, webSearch } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

type Api = {
  chat: {
    listModels(i: object): Promise<unknown>
    listConversations(): Promise<{ conversations: Array<{ id: string }> }>
    setModel(i: object): Promise<unknown>
  }
}
const api = (page: import('@playwright/test').Page) =>
  ({
    listModels: () =>
      page.evaluate(() =>
        (globalThis as unknown as { cairn: Api }).cairn.chat.listModels({ refresh: true })
      ),
    setModelOfFirst: (model: string) =>
      page.evaluate(async (id) => {
        const chat = (globalThis as unknown as { cairn: Api }).cairn.chat
        const { conversations } = await chat.listConversations()
        await chat.setModel({ conversationId: conversations[0]!.id, model: id })
      }, model)
  }) as const

test.describe('Models as the API describes them', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('switching models changes the thinking and effort control with what each model takes', async ({
    cairn
  }, testInfo) => {
    test.setTimeout(120_000)
    const fake = cairn.anthropic!
    const page = cairn.page
    fake.setModels(NEWEST_MODELS)
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 780 })
    const app = new AppPage(page)
    const chat = new ChatPage(page)
    await app.goto('Chat')
    await chat.useSessionKey()
    await api(page).listModels()
    await page.reload()
    await app.goto('Chat')
    await chat.newChat()

    const view = chat.view()
    const picker = view.getByRole('combobox', { name: 'Model for this chat' })
    // The header says the choice in a word; its panel holds the switch, effort and budget.
    const header = view.getByRole('button', { name: /^Thinking/ })
    const panel = view.getByRole('group', { name: 'Thinking and effort' })
    const thinkingSwitch = panel.getByRole('switch', { name: 'Think before answering' })
    const effort = panel.getByRole('combobox', { name: 'Effort' })
    const levels = () => effort.locator('option').allTextContents()
    const choose = async (model: string) => {
      await picker.selectOption(model)
      await expect(picker).toHaveValue(model)
    }
    const openPanel = async () => {
      if (!(await panel.isVisible())) await header.click()
      await expect(panel).toBeVisible()
    }

    // Sonnet 5.5 (the newest Sonnet: "Automatic"): adaptive thinking, every effort level.
    await expect(picker).toHaveValue('claude-sonnet-5-5')
    await expect(header).toHaveText('Thinking off')
    await openPanel()
    await expect(thinkingSwitch).toHaveAttribute('aria-checked', 'false')
    expect(await levels()).toEqual(['Default', 'Low', 'Medium', 'High', 'Extra high', 'Max'])
    await thinkingSwitch.click()
    await expect(thinkingSwitch).toHaveAttribute('aria-checked', 'true')
    await expect(header).toHaveText('Thinking · on')
    await effort.selectOption('high')
    await expect(header).toHaveText('Thinking · high')
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(header).toBeFocused()

    fake.script(reply([thinking('Weighing the options carefully.'), text('Here is my answer.')]))
    await chat.send('Think about it')
    await expect(chat.log()).toContainText('Here is my answer.')
    const body = fake.messageRequests().at(-1)!.body as Record<string, unknown>
    expect(body.thinking).toEqual({ type: 'adaptive', display: 'summarized' })
    expect(body.output_config).toEqual({ effort: 'high' })
    await chat
      .log()
      .getByRole('button', { name: /^Thought for/ })
      .click()
    await expect(chat.log().getByRole('region', { name: "Claude's thinking" })).toContainText(
      'Weighing the options carefully.'
    )
    await openPanel()
    await captureView(page, testInfo, 'models-sonnet')

    // Mythos 5.2 always thinks: the switch says so and cannot be turned off; fewer levels.
    await choose('claude-mythos-5-2')
    await expect(header).toHaveText('Thinking · always on · high')
    await openPanel()
    await expect(thinkingSwitch).toHaveAttribute('aria-disabled', 'true')
    await expect(thinkingSwitch).toHaveAttribute('aria-checked', 'true')
    expect(await levels()).toEqual(['Default', 'Medium', 'High', 'Max'])

    // A model no table knows: its own levels, read from the API.
    await choose('claude-quill-1')
    await expect(header).toHaveText('Thinking · high')
    await openPanel()
    expect(await levels()).toEqual(['Default', 'Low', 'Medium', 'High'])

    // Haiku 4.5 takes only a budget, no effort; it is deprecated: its retirement date shows.
    await choose('claude-haiku-4-5-20251001')
    await expect(header).toHaveText('Thinking · 2,048 tokens')
    await openPanel()
    await expect(effort).toHaveCount(0)
    await expect(panel.getByRole('textbox', { name: 'Budget' })).toHaveValue('2048')
    await expect(view.getByText('Retires 2027-04-15', { exact: true })).toBeVisible()
    await expect(picker.locator('option:checked')).toHaveText(
      'Claude Haiku 4.5: deprecated, retires 2027-04-15'
    )
    expect(await seriousA11yViolations(page), 'models header').toEqual([])
    await captureView(page, testInfo, 'models-haiku')

    // Opus 5.5 refuses `disabled`: off is sent as between_tools, with the effort kept.
    await choose('claude-opus-5-5')
    await expect(header).toHaveText('Thinking · high')
    await openPanel()
    await thinkingSwitch.click()
    await expect(header).toHaveText('Thinking off · high')
    fake.script(reply('Briefly.'))
    await chat.send('Quick one')
    await expect(chat.log()).toContainText('Briefly.')
    const off = fake.messageRequests().at(-1)!.body as Record<string, unknown>
    expect(off.thinking).toEqual({ type: 'between_tools' })
    expect(off.output_config).toEqual({ effort: 'high' })
    expect(fake.messageRequests().map((r) => r.rejected)).toEqual([null, null])
  })

  test('a chat on a retired model says so before sending and offers the newest of its line', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    const page = cairn.page
    fake.setModels(NEWEST_MODELS)
    await page.setViewportSize({ width: 1280, height: 780 })
    const app = new AppPage(page)
    const chat = new ChatPage(page)
    await app.goto('Chat')
    await chat.useSessionKey()
    await api(page).listModels()
    await chat.newChat()
    fake.script(reply('Hello.'))
    await chat.send('Hi')
    await expect(chat.log()).toContainText('Hello.')
    await expect(chat.stopButton()).toBeHidden()
    await api(page).setModelOfFirst('claude-sonnet-4-5')
    await page.reload()
    await app.goto('Chat')
    const alert = chat.view().getByRole('alert').filter({ hasText: 'was retired' })
    await expect(alert).toContainText(
      'Claude Sonnet 4.5 was retired on 2026-09-29: messages to it fail.'
    )
    await captureView(page, testInfo, 'models-retired')
    await alert.getByRole('button', { name: 'Switch to Claude Sonnet 5.5' }).click()
    await expect(chat.view().getByRole('combobox', { name: 'Model for this chat' })).toHaveValue(
      'claude-sonnet-5-5'
    )
    await expect(alert).toBeHidden()
    fake.script(reply('Back again.'))
    await chat.send('Still there?')
    await expect(chat.log()).toContainText('Back again.')
    expect(fake.messageRequests().map((r) => r.rejected)).toEqual([null, null])
  })

  test('web search for one chat: offered where the model takes it, results and sources inline', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    const page = cairn.page
    fake.setModels(NEWEST_MODELS)
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 780 })
    const app = new AppPage(page)
    const chat = new ChatPage(page)
    await app.goto('Chat')
    await chat.useSessionKey()
    await api(page).listModels()
    await page.reload()
    await app.goto('Chat')
    await chat.newChat()
    const view = chat.view()
    const picker = view.getByRole('combobox', { name: 'Model for this chat' })
    const web = view.getByRole('button', { name: /^Web/ })
    // A model whose capabilities list no web search is offered none.
    await picker.selectOption('claude-quill-1')
    await expect(picker).toHaveValue('claude-quill-1')
    await expect(web).toHaveCount(0)
    await picker.selectOption('claude-sonnet-5-5')
    await expect(web).toHaveText('Web off')
    await web.click()
    const panel = view.getByRole('group', { name: 'Web search and fetch' })
    await panel.getByRole('switch', { name: 'Search the web' }).click()
    await expect(web).toHaveText('Web: search')
    await page.keyboard.press('Escape')

    fake.script(
      reply([
        ...webSearch('where does tea come from', [
          { title: 'Tea - Wikipedia', url: 'https://en.wikipedia.org/wiki/Tea' },
          { title: 'A short history of tea', url: 'https://example.org/history' }
        ]),
        cited('Tea comes from southwest China, where it was first drunk as medicine.', [
          {
            title: 'Tea - Wikipedia',
            url: 'https://en.wikipedia.org/wiki/Tea',
            cited_text: 'Tea originated in southwest China'
          }
        ])
      ])
    )
    await chat.send('Where does tea come from?')
    await expect(chat.log()).toContainText('Tea comes from southwest China')
    const body = fake.messageRequests().at(-1)!.body as { tools: Array<{ type: string }> }
    expect(body.tools.map((t) => t.type)).toEqual(['memory_20250818', 'web_search_20260318'])
    await expect(
      chat.log().getByText('Searched the web for “where does tea come from” · 2 results')
    ).toBeVisible()
    await chat
      .log()
      .getByText(/^Searched the web for/)
      .click()
    await expect(chat.log().getByRole('link', { name: 'A short history of tea' })).toBeVisible()
    await expect(
      chat
        .log()
        .getByRole('list', { name: 'Sources' })
        .getByRole('link', { name: 'Tea - Wikipedia' })
    ).toBeVisible()
    expect(await seriousA11yViolations(page), 'web results').toEqual([])
    await captureView(page, testInfo, 'models-web')
    expect(fake.messageRequests().map((r) => r.rejected)).toEqual([null])
  })
})

import { gate, memory, redactedThinking, reply, text, thinking } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const PLAN =
  'The user wants their tea remembered. I should look at the memory folder first, then write a note.'

test.describe('Extended thinking', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`thinking streams into a collapsed block; a memory tool round with thinking succeeds (${scheme})`, async ({
      cairn
    }, testInfo) => {
      test.setTimeout(120_000) // axe and two screenshots on a shared machine
      const fake = cairn.anthropic!
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await cairn.page.setViewportSize({ width: 1200, height: 780 })
      const held = gate()
      fake.script(
        reply(
          [
            thinking(PLAN),
            redactedThinking(),
            memory({ command: 'create', path: '/memories/tea.md', file_text: 'Likes green tea\n' })
          ],
          { eventDelayMs: 5, fault: { kind: 'hold', gate: held, afterDeltas: 12 } }
        ),
        reply([text('Noted: **green tea**.')])
      )
      const chat = new ChatPage(cairn.page)
      await new AppPage(cairn.page).goto('Chat')
      await chat.useSessionKey()
      await chat.newChat()
      // Haiku 4.5 takes thinking only with a budget (GET /v1/models says so).
      await chooseModel(chat, 'claude-haiku-4-5-20251001')

      await openThinking(chat)
      await thinkingSwitch(chat).click()
      const budget = cairn.page.getByRole('textbox', { name: 'Budget' })
      await expect(budget).toHaveValue('2048')
      // A budget the API would refuse is explained, and not saved.
      await budget.fill('40000')
      await budget.press('Enter')
      await expect(cairn.page.getByRole('alert')).toContainText(
        'must be less than the reply limit, Max tokens in Settings (32,000)'
      )
      await budget.fill('3000')
      await budget.press('Enter')
      await expect(cairn.page.getByRole('alert')).toBeHidden()

      await chat.send('Remember that I like green tea')
      // While the stream is held mid-thought: a collapsed "Thinking…" block.
      const live = chat.log().getByRole('button', { name: 'Thinking…' })
      await expect(live).toBeVisible()
      await expect(live).toHaveAttribute('aria-expanded', 'false')
      await live.click()
      await expect(chat.log().getByRole('region', { name: "Claude's thinking" })).toContainText(
        'The user wants their tea'
      )
      await captureView(cairn.page, testInfo, `thinking-live-${scheme}`)
      held.release()

      await expect(chat.log()).toContainText('Noted: green tea.')
      await expect(chat.chip('Created /memories/tea.md')).toBeVisible()
      const done = chat.log().getByRole('button', { name: /^Thought for/ })
      await expect(done).toHaveAttribute('aria-expanded', 'false')
      await done.click()
      const region = chat.log().getByRole('region', { name: "Claude's thinking" })
      await expect(region).toContainText(PLAN)
      await expect(region).toContainText('Some thinking was redacted by the safety system.')

      // The tool round went back with the thinking first and its signature intact: the fake
      // refuses it otherwise, exactly as the API does.
      const requests = fake.messageRequests()
      expect(requests).toHaveLength(2)
      expect(requests.map((r) => r.rejected)).toEqual([null, null])
      const body = requests[1]!.body as {
        thinking: unknown
        messages: Array<{ content: Array<{ type: string }> }>
      }
      expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 })
      expect(body.messages[1]!.content.map((b) => b.type)).toEqual([
        'thinking',
        'redacted_thinking',
        'tool_use'
      ])

      expect(await seriousA11yViolations(cairn.page), `thinking in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `thinking-done-${scheme}`)
    })
  }

  test('a budget Settings made too big is flagged; no thinking control for a model the API does not describe', async ({
    cairn
  }) => {
    const chat = new ChatPage(cairn.page)
    const app = new AppPage(cairn.page)
    await app.goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chooseModel(chat, 'claude-haiku-4-5-20251001')
    // A first message saves the chat (a new chat is not listed before), so it can be found below.
    cairn.anthropic!.script(reply('Hello.'))
    await chat.send('Hi')
    await expect(chat.log()).toContainText('Hello.')
    await expect(chat.stopButton()).toBeHidden() // the turn has ended: settings may change
    await openThinking(chat)
    await thinkingSwitch(chat).click()
    await expect(thinkingButton(chat)).toHaveText('Thinking · 2,048 tokens')
    // Max tokens lowered in Settings below the saved budget: the header says so before any send.
    await cairn.page.evaluate(() =>
      (
        globalThis as unknown as { cairn: { settings: { update(p: object): Promise<unknown> } } }
      ).cairn.settings.update({ maxTokens: 2048 })
    )
    await expect(cairn.page.getByRole('alert')).toContainText(
      'The thinking budget (2,048 tokens) must be less than the reply limit, Max tokens in Settings (2,048).'
    )
    // Another model for this conversation (the picker is not under test here), then a fresh load.
    await cairn.page.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          cairn: {
            chat: {
              listConversations(): Promise<{ conversations: Array<{ id: string }> }>
              setModel(i: object): Promise<unknown>
            }
          }
        }
      ).cairn.chat
      const { conversations } = await api.listConversations()
      await api.setModel({ conversationId: conversations[0]!.id, model: 'claude-opus-4-7' })
    })
    await cairn.page.reload()
    await app.goto('Chat')
    await expect(chat.composer()).toBeVisible()
    // Nothing is known of it: no thinking control, and the picker says why.
    await expect(chat.view()).toContainText('The Anthropic API did not say what this model takes')
    await expect(thinkingButton(chat)).toHaveCount(0)
  })
})

const thinkingButton = (chat: ChatPage) => chat.view().getByRole('button', { name: /^Thinking/ })
const thinkingSwitch = (chat: ChatPage) =>
  chat.view().getByRole('switch', { name: 'Think before answering' })

async function openThinking(chat: ChatPage): Promise<void> {
  await thinkingButton(chat).click()
  await expect(chat.view().getByRole('group', { name: 'Thinking and effort' })).toBeVisible()
}

async function chooseModel(chat: ChatPage, model: string): Promise<void> {
  const picker = chat.view().getByRole('combobox', { name: 'Model for this chat' })
  await picker.selectOption(model)
  await expect(picker).toHaveValue(model)
  await expect(thinkingButton(chat)).toBeVisible()
}

import { capabilities, DEFAULT_MODELS, reply, type RecordedRequest } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

type Body = {
  model: string
  system?: string
  tools?: unknown[]
  messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }>
}
const bodyOf = (request: RecordedRequest | undefined): Body => request?.body as Body

test.describe('Per-chat model, instructions and memory', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
    test.setTimeout(120_000) // axe and screenshots, light and dark, on a shared machine
  })

  test('a model picked in the header is sent and shown on the answer; deprecated ones are flagged', async ({
    cairn
  }) => {
    const fake = cairn.anthropic!
    fake.setModels([
      ...DEFAULT_MODELS,
      {
        id: 'claude-sonnet-4-5',
        display_name: 'Claude Sonnet 4.5',
        created_at: '2025-09-29T00:00:00Z',
        line: 'sonnet',
        lifecycle: 'deprecated',
        deprecated_at: '2026-08-01T00:00:00Z',
        retires_at: '2026-11-30T00:00:00Z',
        capabilities: capabilities({ thinking: ['enabled', 'disabled'] }),
        max_tokens: 64_000
      }
    ])
    fake.script(reply('Bonjour from Opus.'))
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    const picker = cairn.page.getByRole('combobox', { name: 'Model for this chat' })
    // "Automatic": the newest active Sonnet in GET /v1/models.
    await expect(picker).toHaveValue('claude-sonnet-4-6')
    await expect(picker.locator('option[value="claude-sonnet-4-5"]')).toHaveText(
      'Claude Sonnet 4.5: deprecated, retires 2026-11-30'
    )
    await picker.selectOption('claude-opus-4-6')
    await expect(picker).toHaveValue('claude-opus-4-6')
    await chat.send('Hello')
    await expect(chat.log()).toContainText('Bonjour from Opus.')
    expect(bodyOf(fake.messageRequests()[0]).model).toBe('claude-opus-4-6')
    await expect(chat.log()).toContainText('Answered by Claude Opus 4.6')
    // Kept across a restart of the app.
    await cairn.restart()
    await new AppPage(cairn.page).goto('Chat')
    await expect(cairn.page.getByRole('combobox', { name: 'Model for this chat' })).toHaveValue(
      'claude-opus-4-6'
    )
  })

  test('a new chat without memory (Ctrl+Shift+N) says so, to the user and to Claude', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    fake.script(reply('No memory here.'))
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.composer().press('Control+Shift+N')
    const memorySwitch = cairn.page.getByRole('switch', { name: /^Memory/ })
    await expect(memorySwitch).toHaveText('Memory off for this chat')
    await expect(memorySwitch).toHaveAttribute('aria-checked', 'false')
    await chat.send('What do you remember about me?')
    await expect(chat.log()).toContainText('No memory here.')
    const body = bodyOf(fake.messageRequests()[0])
    // The tool stays listed from the first request on (tools never change mid-conversation),
    // answering that memory is off; the system text says so instead of the memory guidance.
    expect(body.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
    expect(body.system ?? '').not.toMatch(/memory folder/i)
    expect(body.system).toContain('Memory is off for this chat')

    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), `chat without memory, ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `per-chat-memory-off-${scheme}`)
    }

    // The switch turns memory back on for the next message.
    fake.script(reply('Memory is back.'))
    await memorySwitch.click()
    await expect(memorySwitch).toHaveText('Memory on')
    await expect(memorySwitch).toHaveAttribute('aria-checked', 'true')
    await expect(cairn.page.getByText('Memory off for this chat')).toBeHidden()
    await chat.send('And now?')
    await expect(chat.log()).toContainText('Memory is back.')
    const next = bodyOf(fake.messageRequests()[1])
    expect(next.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
    expect(next.system).toBe(body.system)
    expect(next.messages.at(-1)?.content[0]?.text).toContain('Memory is on again for this chat')
  })

  test('custom instructions from Settings go into the system prompt; a chat’s own, set later, are told at the end', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    fake.script(reply('Aye.'), reply('Oui.'))
    const app = new AppPage(cairn.page)
    const chat = new ChatPage(cairn.page)
    await app.waitForReady()
    await chat.useSessionKey()
    const settings = await app.gotoSettings()
    await settings.field('customInstructions').fill('Talk like a pirate.')
    await settings.save()
    await app.goto('Chat')
    await chat.newChat()
    await chat.send('Hello')
    await expect(chat.log()).toContainText('Aye.')
    const first = bodyOf(fake.messageRequests()[0]).system ?? ''
    expect(first.startsWith('Talk like a pirate.\n\n')).toBe(true)
    expect(first).toContain('Keep the memory folder organised')

    await cairn.page.getByRole('button', { name: 'Instructions', exact: true }).click()
    const dialog = cairn.page.getByRole('dialog', { name: 'Instructions for this chat' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('radio', { name: 'Use instructions for this chat only' }).check()
    await dialog.getByRole('textbox', { name: "This chat's instructions" }).fill('Reply in French.')
    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(cairn.page), `instructions dialog, ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `per-chat-instructions-${scheme}`)
    }
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(
      cairn.page.getByRole('button', { name: 'Instructions: this chat', exact: true })
    ).toBeVisible()
    await chat.send('Hello again')
    await expect(chat.log()).toContainText('Oui.')
    // The system prompt keeps its bytes (earlier thinking is bound to it); the new instructions
    // come as a note before the new message.
    const second = bodyOf(fake.messageRequests()[1])
    expect(second.system).toBe(first)
    expect(second.messages.at(-1)?.content[0]?.text).toContain(
      '<instructions>\nReply in French.\n</instructions>'
    )
    expect(second.messages.at(-1)?.content.at(-1)?.text).toBe('Hello again')

    await app.gotoSettings()
    await cairn.page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
    const card = cairn.page.getByRole('region', { name: 'Instructions and new chats' })
    await card.scrollIntoViewIfNeeded()
    expect(await seriousA11yViolations(cairn.page), 'settings, dark').toEqual([])
    await captureView(cairn.page, testInfo, 'per-chat-settings-dark')
  })
})

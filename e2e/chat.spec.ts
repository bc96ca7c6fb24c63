import { gate, memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'

test.describe('Chat', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('an answer streams in; Claude creates a memory → chip → the inspector shows the file', async ({
    cairn
  }) => {
    const fake = cairn.anthropic!
    fake.script(
      reply([
        text('Let me note that. '),
        memory({ command: 'create', path: '/memories/trip.md', file_text: '# Trip\nLyon in May\n' })
      ]),
      reply('Noted: **Lyon in May**.', { eventDelayMs: 5 })
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Remember my trip: Lyon in May')

    await expect(chat.log()).toContainText('Noted: Lyon in May.')
    await expect(chat.chip('Created /memories/trip.md')).toBeVisible()
    await chat.openChipFile('/memories/trip.md').click()
    const inspector = new MemoryPage(cairn.page)
    await expect(inspector.editor()).toContainText('Lyon in May')

    // And back: from another chat, the activity log leads to the conversation that wrote the file.
    await new AppPage(cairn.page).goto('Chat')
    await chat.newChat()
    await expect(chat.log()).toBeHidden()
    await new AppPage(cairn.page).goto('Memory')
    await inspector.showPane('Activity')
    const created = inspector.activity().getByRole('listitem').filter({ hasText: 'create' })
    await created.getByRole('button', { name: /^“.+”$/ }).click()
    await expect(chat.log()).toContainText('Noted: Lyon in May.')
  })

  test('a link in an answer shows its full address before the browser opens it', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    const url = 'https://docs.example.com/guides/memory?from=cairn'
    fake.script(
      reply(
        `The guide is [here](${url}), and [this one](https://other.example/) too; [sign in](https://аpple.com/login).`
      )
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Where is the guide?')
    const link = chat.log().getByRole('link', { name: 'here' })
    await link.click()
    const dialog = cairn.page.getByRole('dialog', { name: 'Open this link in your browser?' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Full address')).toHaveText(url)
    await dialog.screenshot({ path: testInfo.outputPath('link-dialog.png') })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(await cairn.openedLinks()).toEqual([])

    await link.click()
    await dialog.getByRole('checkbox', { name: "Don't ask again for docs.example.com" }).check()
    await dialog.getByRole('button', { name: 'Open' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(() => cairn.openedLinks()).toEqual([url])
    // Trusted now: the same site opens straight away; another site still asks.
    await link.click()
    await expect.poll(() => cairn.openedLinks()).toEqual([url, url])
    await expect(dialog).toBeHidden()
    await chat.log().getByRole('link', { name: 'this one' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    // A look-alike international name: the real host is what stands out.
    await chat.log().getByRole('link', { name: 'sign in' }).click()
    await expect(dialog.getByLabel('Full address')).toHaveText('https://xn--pple-43d.com/login')
    await expect(dialog).toContainText('it reads as аpple.com')
    await dialog.screenshot({ path: testInfo.outputPath('link-dialog-idn.png') })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await cairn.openedLinks()).toEqual([url, url])
  })

  test('a write over the per-file cap shows a refused chip', async ({ cairn }) => {
    const fake = cairn.anthropic!
    await cairn.page.evaluate(() =>
      (
        globalThis as unknown as { cairn: { settings: { update(p: object): Promise<unknown> } } }
      ).cairn.settings.update({ memory: { maxFileBytes: 1024 } })
    )
    fake.script(
      reply([
        memory({ command: 'create', path: '/memories/huge.md', file_text: 'x'.repeat(4000) })
      ]),
      reply('That was too big to keep.')
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Remember this huge thing')
    await expect(
      chat.chip(/^Refused: the file would be .*, over the 1 KB per-file cap/)
    ).toBeVisible()
    await expect(chat.log()).toContainText('That was too big to keep.')
  })

  test('Stop mid-answer keeps the partial text', async ({ cairn }) => {
    const fake = cairn.anthropic!
    const hold = gate()
    fake.script(
      reply('The first half of the answer, then a long pause before the rest', {
        textChunk: 8,
        fault: { kind: 'hold', gate: hold, afterDeltas: 4 }
      })
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Tell me something long')
    await expect(chat.log()).toContainText('The first half')
    await chat.stopButton().click()
    await expect(chat.log()).toContainText('Stopped.')
    await expect(chat.log()).toContainText('The first half')
    await expect(chat.stopButton()).toBeHidden()
  })
})

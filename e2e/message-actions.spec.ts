import type { Locator, Page } from '@playwright/test'
import { reply, type FakeAnthropic } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

type Body = { messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }> }

const bodyOf = (fake: FakeAnthropic, index: number): Body =>
  fake.messageRequests()[index]?.body as Body

const textsOf = (body: Body) =>
  body.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])))

/** The actions under a message: found from the message's own text. */
function rowOf(chat: ChatPage, text: string): Locator {
  return chat.log().locator('.group\\/row').filter({ hasText: text })
}

async function startChat(page: Page, fake: FakeAnthropic, question: string, answer: string) {
  fake.script(reply(answer))
  const chat = new ChatPage(page)
  await new AppPage(page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send(question)
  await expect(chat.log()).toContainText(answer)
  return chat
}

test.describe('Message actions', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('edit a sent message and resend: the request has the edit, not the old reply; the old version stays one click away', async ({
    cairn
  }) => {
    const fake = cairn.anthropic!
    const chat = await startChat(cairn.page, fake, 'Plan a trip to Lyon', 'Lyon is lovely in May.')
    const mine = rowOf(chat, 'Plan a trip to Lyon')
    await mine.hover()
    await mine.getByRole('button', { name: 'Edit message' }).click()
    const editor = chat.log().getByRole('textbox', { name: 'Edit your message' })
    await expect(editor).toBeFocused()
    await expect(chat.log()).toContainText('Memory changes made by earlier versions are not undone')
    fake.script(reply('Porto it is.'))
    await editor.fill('Plan a trip to Porto')
    await chat.log().getByRole('button', { name: 'Send' }).click()
    await expect(chat.log()).toContainText('Porto it is.')
    await expect(chat.log()).not.toContainText('Lyon is lovely')

    const body = bodyOf(fake, 1)
    expect(textsOf(body)).toEqual(['Plan a trip to Porto'])
    expect(JSON.stringify(body)).not.toContain('Lyon is lovely')

    const versions = rowOf(chat, 'Plan a trip to Porto').getByRole('group', { name: 'Versions' })
    await expect(versions).toContainText('2 / 2')
    await versions.getByRole('button', { name: 'Previous version' }).click()
    await expect(chat.log()).toContainText('Lyon is lovely in May.')
    await expect(chat.log()).not.toContainText('Porto it is.')

    // Kept on disk: after a restart the same two versions are there.
    await cairn.restart()
    await new AppPage(cairn.page).goto('Chat')
    await expect(chat.log()).toContainText('Lyon is lovely in May.')
    const again = rowOf(chat, 'Plan a trip to Lyon').getByRole('group', { name: 'Versions' })
    await expect(again).toContainText('1 / 2')
    await again.getByRole('button', { name: 'Next version' }).click()
    await expect(chat.log()).toContainText('Porto it is.')
  })

  test('regenerate: a new answer, the request ends at the user message; axe light and dark', async ({
    cairn
  }, testInfo) => {
    test.setTimeout(120_000) // axe twice over
    const fake = cairn.anthropic!
    await cairn.page.setViewportSize({ width: 1200, height: 780 })
    const chat = await startChat(cairn.page, fake, 'Name a dish from Lyon', 'Quenelles.')
    fake.script(reply('Salade lyonnaise, with a **poached egg**.'))
    await rowOf(chat, 'Quenelles.').getByRole('button', { name: 'Regenerate answer' }).click()
    await expect(chat.log()).toContainText('Salade lyonnaise, with a poached egg.')
    await expect(chat.log()).not.toContainText('Quenelles.')

    const body = bodyOf(fake, 1)
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Name a dish from Lyon', cache_control: { type: 'ephemeral' } }
      ]
    })
    expect(JSON.stringify(body)).not.toContain('Quenelles')
    const answer = rowOf(chat, 'Salade lyonnaise')
    await expect(answer.getByRole('group', { name: 'Versions' })).toContainText('2 / 2')

    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await rowOf(chat, 'Name a dish from Lyon').hover()
      expect(await seriousA11yViolations(cairn.page), `actions in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `message-actions-${scheme}`)
      await rowOf(chat, 'Name a dish from Lyon')
        .getByRole('button', { name: 'Edit message' })
        .click()
      await expect(chat.log().getByRole('textbox', { name: 'Edit your message' })).toBeFocused()
      expect(await seriousA11yViolations(cairn.page), `editor in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `message-editor-${scheme}`)
      await cairn.page.keyboard.press('Escape')
      await expect(chat.log().getByRole('textbox', { name: 'Edit your message' })).toBeHidden()
    }
  })

  test('copy puts the answer on the clipboard as Markdown', async ({ cairn }) => {
    const fake = cairn.anthropic!
    const answer = 'Pack **light**:\n\n- a coat\n- `good shoes`'
    const chat = await startChat(cairn.page, fake, 'What to pack?', 'A coat.')
    await rowOf(chat, 'A coat.').getByRole('button', { name: 'Copy answer' }).click()
    await expect.poll(() => cairn.copiedText()).toBe('A coat.')
    await expect(rowOf(chat, 'A coat.').getByRole('button', { name: 'Copied' })).toBeVisible()

    fake.script(reply(answer))
    await chat.send('More detail')
    await expect(chat.log()).toContainText('good shoes')
    await rowOf(chat, 'good shoes').getByRole('button', { name: 'Copy answer' }).click()
    await expect.poll(() => cairn.copiedText()).toBe(answer)
    const mine = rowOf(chat, 'More detail')
    await mine.hover()
    await mine.getByRole('button', { name: 'Copy message' }).click()
    await expect.poll(() => cairn.copiedText()).toBe('More detail')
  })

  test('keyboard only: Up edits the last message, Escape cancels, Enter resends; Tab reaches Regenerate; Ctrl+Shift+C copies', async ({
    cairn
  }) => {
    const fake = cairn.anthropic!
    const page = cairn.page
    const chat = await startChat(page, fake, 'Best month for Lyon?', 'May.')
    const composer = chat.composer()
    /** Shift+Tab from the composer until `target` has the focus (a few stops at most). */
    const shiftTabTo = async (target: Locator) => {
      await composer.focus()
      for (let i = 0; i < 8; i++) {
        if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) break
        await page.keyboard.press('Shift+Tab')
      }
      await expect(target).toBeFocused()
    }
    await composer.focus()
    await page.keyboard.press('ArrowUp')
    const editor = chat.log().getByRole('textbox', { name: 'Edit your message' })
    await expect(editor).toBeFocused()
    await expect(editor).toHaveValue('Best month for Lyon?')
    await page.keyboard.press('Escape')
    await expect(editor).toBeHidden()
    await expect(composer).toBeFocused()

    fake.script(reply('September.'))
    await page.keyboard.press('ArrowUp')
    await expect(editor).toBeFocused()
    await page.keyboard.press('End')
    await page.keyboard.press('Backspace')
    await page.keyboard.type(' for food?')
    await page.keyboard.press('Enter')
    await expect(chat.log()).toContainText('September.')
    expect(textsOf(bodyOf(fake, 1))).toEqual(['Best month for Lyon for food?'])
    await expect(composer).toBeFocused()

    // Back from the composer, Tab order reaches the last answer's Regenerate.
    const regenerate = chat.log().getByRole('button', { name: 'Regenerate answer' })
    await shiftTabTo(regenerate)
    fake.script(reply('October.'))
    await page.keyboard.press('Enter')
    await expect(chat.log()).toContainText('October.')
    await expect(composer).toBeFocused()

    // The version switch by keyboard: the focus stays on it as the rows change.
    const previous = rowOf(chat, 'October.').getByRole('button', { name: 'Previous version' })
    await shiftTabTo(previous)
    await page.keyboard.press('Enter')
    await expect(chat.log()).toContainText('September.')
    await expect(chat.log()).not.toContainText('October.')
    const next = rowOf(chat, 'September.').getByRole('button', { name: 'Next version' })
    await expect(next).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(chat.log()).toContainText('October.')

    await composer.focus()
    await page.keyboard.press('Control+Shift+C')
    await expect.poll(() => cairn.copiedText()).toBe('October.')
    // The window is still there (no reload): what was shown is still shown.
    await expect(chat.log()).toContainText('October.')
  })
})

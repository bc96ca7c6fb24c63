import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const BEFORE = '# About me\n\n- Likes tea\n- Lives in Lyon\n'
const AFTER = '# About me\n\n- Likes green tea\n- Lives in Lyon\n'

test('approval cards from the keyboard: the card takes the focus, A approves, D declines, Esc goes back', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(90_000)
  const page = cairn.page
  await page.setViewportSize({ width: 1200, height: 780 })
  const file = join(cairn.userDataDir, 'memories', 'about-me.md')
  await writeFile(file, BEFORE)
  cairn.anthropic!.script(
    reply([
      text('Updating your note. '),
      memory({
        command: 'str_replace',
        path: '/memories/about-me.md',
        old_str: '- Likes tea',
        new_str: '- Likes green tea'
      })
    ]),
    reply([
      text('And your city. '),
      memory({
        command: 'str_replace',
        path: '/memories/about-me.md',
        old_str: '- Lives in Lyon',
        new_str: '- Lives in Paris'
      })
    ]),
    reply('Done.')
  )
  const app = new AppPage(page)
  const settings = await app.gotoSettings()
  await page.getByRole('radio', { name: /^Ask before changes that remove or overwrite/ }).check()
  await settings.save()
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('I like green tea now.')

  // The first card: it has the focus, and the status says what Claude waits for.
  const card = page.getByRole('region', { name: 'Claude wants to edit about-me.md' })
  await expect(card).toBeVisible()
  await expect(card).toBeFocused()
  await expect(chat.status()).toHaveText('Waiting for your approval')
  await expect(chat.log()).toContainText('Waiting for your approval')
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveAttribute(
    'aria-keyshortcuts',
    'A'
  )
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    expect(await seriousA11yViolations(page), scheme).toEqual([])
    await captureView(page, testInfo, `approval-keys-${scheme}`)
  }

  // Esc: back to the message box; the card still waits and the reply is not stopped.
  await page.keyboard.press('Escape')
  await expect(chat.composer()).toBeFocused()
  await expect(card).toBeVisible()
  await expect(chat.stopButton()).toBeVisible()

  // Back on the card, A approves.
  await card.focus()
  await page.keyboard.press('a')
  await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe(AFTER)

  // The next card takes the focus too; D declines it.
  const next = page.getByRole('region', { name: 'Claude wants to edit about-me.md' })
  await expect(next).toContainText('Lives in Paris')
  await expect(next).toBeFocused()
  await page.keyboard.press('d')
  await expect(chat.log()).toContainText('Done.')
  await expect(next).toBeHidden()
  expect(await readFile(file, 'utf8')).toBe(AFTER)
  await expect(chat.status()).toHaveText('')
})

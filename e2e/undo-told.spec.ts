import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

// Issue 25, minor: an undone memory chip still says "Undone" after a reload (not "Changed
// since"), and Claude is told on the next message that the user undid its change.

const BEFORE = '# About me\n\n- Likes tea\n'
const AFTER = '# About me\n\n- Likes green tea\n'

test('an undo survives a reload, and Claude is told of it on the next message', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const fake = cairn.anthropic!
  const file = join(cairn.userDataDir, 'memories', 'about-me.md')
  await writeFile(file, BEFORE)
  fake.script(
    reply([
      text('Noting it. '),
      memory({
        command: 'str_replace',
        path: '/memories/about-me.md',
        old_str: '- Likes tea',
        new_str: '- Likes green tea'
      })
    ]),
    reply('Noted.'),
    reply('Understood, I will leave it.')
  )
  const app = new AppPage(cairn.page)
  const chat = new ChatPage(cairn.page)
  await app.goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('I like green tea.')
  await expect(chat.log()).toContainText('Noted.')
  await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe(AFTER)
  await chat.chip('Edited /memories/about-me.md').click()
  await chat
    .log()
    .getByRole('button', { name: /^Undo Claude's change/ })
    .click()
  await expect(chat.log().getByRole('status')).toHaveText('Undone')

  await cairn.page.reload()
  await app.goto('Chat')
  await cairn.page
    .getByRole('button', { name: /I like green tea/ })
    .first()
    .click()
  await chat.chip('Edited /memories/about-me.md').click()
  await expect(chat.log().getByRole('status')).toHaveText('Undone')
  await expect(chat.log().getByText('Changed since')).toHaveCount(0)
  await captureView(cairn.page, testInfo, 'undone-after-reload')

  await chat.send('Thanks.')
  await expect(chat.log()).toContainText('Understood, I will leave it.')
  const sent = JSON.stringify(fake.messageRequests()[2]!.body)
  expect(sent).toContain('The user undid this change you made to memory')
  expect(sent).toContain('str_replace /memories/about-me.md')
  // Told once: the next message carries no note again.
  fake.script(reply('Sure.'))
  await chat.send('Bye.')
  await expect(chat.log()).toContainText('Sure.')
  const last = (fake.messageRequests()[3]!.body as { messages: unknown[] }).messages.at(-1)
  expect(JSON.stringify(last)).not.toContain('undid')
})

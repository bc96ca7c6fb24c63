import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

const BEFORE = '# About me\n\n- Prefers short answers\n- Likes tea\n- Lives in Lyon\n'
const AFTER = '# About me\n\n- Prefers short answers\n- Likes green tea\n- Lives in Lyon\n'

for (const scheme of ['light', 'dark'] as const) {
  test(`Claude edits a file → the chip shows the diff → Undo → the old text is back, both in the timeline (${scheme})`, async ({
    cairn
  }, testInfo) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
    await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await cairn.page.setViewportSize({ width: 1200, height: 780 })
    const file = join(cairn.userDataDir, 'memories', 'about-me.md')
    await writeFile(file, BEFORE)
    cairn.anthropic!.script(
      reply([
        text('I will note that. '),
        memory({
          command: 'str_replace',
          path: '/memories/about-me.md',
          old_str: '- Likes tea',
          new_str: '- Likes green tea'
        })
      ]),
      reply('Noted: **green** tea.')
    )
    const app = new AppPage(cairn.page)
    const chat = new ChatPage(cairn.page)
    await app.goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Actually, I like green tea.')
    await expect(chat.log()).toContainText('Noted: green tea.')
    await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe(AFTER)

    await chat.chip('Edited /memories/about-me.md').click()
    const diff = chat.log().getByRole('table', { name: 'What changed in about-me.md' })
    await expect(diff.getByRole('row', { name: /Removed: - Likes tea/ })).toBeVisible()
    await expect(diff.locator('ins mark')).toHaveText('green ')
    await captureView(cairn.page, testInfo, `diff-chip-${scheme}`)

    await chat
      .log()
      .getByRole('button', { name: /^Undo Claude's change/ })
      .click()
    await expect(chat.log().getByRole('status')).toHaveText('Undone')
    await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe(BEFORE)

    await app.goto('Memory')
    const inspector = new MemoryPage(cairn.page)
    await inspector.showPane('Activity')
    const entries = inspector.activity().getByRole('listitem')
    await expect(entries.nth(0)).toContainText('You undid a change to about-me.md')
    await expect(entries.nth(1)).toContainText('Claude edited about-me.md in')
    await entries.nth(1).getByRole('button', { name: 'Show change' }).click()
    await expect(entries.nth(1).getByRole('table')).toContainText('green')
    await captureView(cairn.page, testInfo, `timeline-${scheme}`)

    await inspector.file('about-me.md').click()
    await inspector.showPane('History')
    const versions = inspector.versions().getByRole('button')
    await expect(versions.first()).toContainText('You undid a change')
    await versions.nth(1).click()
    await expect(cairn.page.getByRole('table', { name: 'What this change did' })).toContainText(
      'green'
    )
    await captureView(cairn.page, testInfo, `history-${scheme}`)
  })
}

test('Undo that would bring back a secret is refused in the chip, with the reason and the file left alone', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  await cairn.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await cairn.page.setViewportSize({ width: 1200, height: 780 })
  // Another program wrote a key into memory (outside writes meet no guard); Claude deletes it.
  const key =
    'sk-ant-api03-PtYgjmUhBel31iEl2hpChYgCfrL1spNxnyVmihA_2O76UMFxFkM_R5Kjp1vRt-1fjORS_6ilI8ihN5KXSc7Tvo_hBKqFYAA'
  const file = join(cairn.userDataDir, 'memories', 'keys.md')
  await writeFile(file, `anthropic ${key}\n`)
  cairn.anthropic!.script(
    reply([
      text('That note holds a key; removing it. '),
      memory({ command: 'delete', path: '/memories/keys.md' })
    ]),
    reply('Removed.')
  )
  const app = new AppPage(cairn.page)
  const chat = new ChatPage(cairn.page)
  await app.goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Please forget my keys note.')
  await expect(chat.log()).toContainText('Removed.')
  await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBeNull()

  await chat.chip('Deleted /memories/keys.md').click()
  await chat
    .log()
    .getByRole('button', { name: /^Restore Claude's/ })
    .click()
  await expect(chat.log().getByRole('alert')).toContainText(
    /Cannot restore \/memories\/keys\.md: that version contains an Anthropic API key/
  )
  expect(await readFile(file, 'utf8').catch(() => null)).toBeNull()
  await captureView(cairn.page, testInfo, 'undo-refused-secret')
})

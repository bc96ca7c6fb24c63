import { access, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test, type CairnApp } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// Issue 36, minors: undoing a create edited later says what happened and what the choices are;
// an answer with many memory changes is one row with Undo all.

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false
  )

/** Both sizes, light and dark, then axe. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ['light', 'dark'] as const)
    for (const [width, height] of [
      [900, 600],
      [1280, 800]
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await page.setViewportSize({ width, height })
      await captureView(page, testInfo, `${name}-${width}-${scheme}`)
    }
  expect(await seriousA11yViolations(page), name).toEqual([])
}

async function chatWith(cairn: CairnApp, message: string): Promise<ChatPage> {
  const app = new AppPage(cairn.page)
  const chat = new ChatPage(cairn.page)
  await app.goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send(message)
  return chat
}

test('undoing a create edited later says so and offers Compare, Delete anyway, Keep file; Delete anyway deletes it', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(120_000) // a turn, four screenshots and axe
  const file = join(cairn.userDataDir, 'memories', 'notes.md')
  cairn.anthropic!.script(
    reply([
      text('Noting it. '),
      memory({ command: 'create', path: '/memories/notes.md', file_text: '- first\n' })
    ]),
    reply('Saved.')
  )
  const chat = await chatWith(cairn, 'Remember: first.')
  await expect(chat.log()).toContainText('Saved.')
  await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe('- first\n')
  // The user adds a line in another editor.
  await writeFile(file, '- first\n- mine\n')
  await chat
    .log()
    .getByRole('button', { name: /^Undo Claude's change/ })
    .click()
  await expect(chat.log().getByRole('status')).toHaveText(
    'notes.md was edited after Claude created it. Undo would delete those edits too.'
  )
  expect(await readFile(file, 'utf8')).toBe('- first\n- mine\n')
  await chat.log().getByRole('button', { name: 'Compare' }).click()
  await expect(chat.log().getByRole('table', { name: 'How notes.md changed since' })).toBeVisible()
  await expect(chat.log().getByRole('button', { name: 'Keep file' })).toBeVisible()
  await lookAt(cairn.page, testInfo, 'undo-create-edited')
  await chat.log().getByRole('button', { name: 'Delete anyway' }).click()
  await expect(chat.log().getByRole('status')).toHaveText('Undone')
  expect(await exists(file)).toBe(false)
})

test('twelve changes in one answer are one row; Undo all undoes them newest first and lists the one changed since with its choices', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(150_000)
  const folder = join(cairn.userDataDir, 'memories')
  const names = Array.from({ length: 12 }, (_, i) => `topic-${i + 1}.md`)
  cairn.anthropic!.script(
    reply([
      text('Filing your notes. '),
      ...names.map((name, i) =>
        memory({ command: 'create', path: `/memories/${name}`, file_text: `- note ${i + 1}\n` })
      )
    ]),
    reply('Filed twelve notes.')
  )
  const chat = await chatWith(cairn, 'File these twelve notes.')
  await expect(chat.log()).toContainText('Filed twelve notes.')
  const group = chat.log().getByRole('button', { name: '12 memory changes' })
  await expect(group).toBeVisible()
  // One row, not twelve: the chips show only when the row is opened.
  await expect(chat.chip('Created /memories/topic-1.md')).toHaveCount(0)
  await group.click()
  await expect(chat.chip('Created /memories/topic-12.md')).toBeVisible()
  await group.click()
  await expect.poll(() => exists(join(folder, 'topic-12.md'))).toBe(true)
  await writeFile(join(folder, 'topic-5.md'), '- note 5\n- and mine\n')

  await chat.log().getByRole('button', { name: 'Undo all' }).click()
  await expect(chat.log().getByRole('status').first()).toHaveText(
    'Undid 11 of 12 changes. 1 could not be undone because its file changed since:'
  )
  const left = chat.log().getByRole('list', { name: 'Changes not undone' })
  await expect(left.getByRole('status')).toHaveText(
    'topic-5.md was edited after Claude created it. Undo would delete those edits too.'
  )
  for (const name of names)
    expect(await exists(join(folder, name)), name).toBe(name === 'topic-5.md')
  await expect(left.getByRole('button', { name: 'Compare' })).toBeVisible()
  await expect(left.getByRole('button', { name: 'Delete anyway' })).toBeVisible()
  await lookAt(cairn.page, testInfo, 'undo-all')
  await left.getByRole('button', { name: 'Keep file' }).click()
  await expect(chat.log().getByRole('status').first()).toHaveText(
    'Undid 11 of 12 changes. 1 kept as it is.'
  )
  expect(await readFile(join(folder, 'topic-5.md'), 'utf8')).toBe('- note 5\n- and mine\n')
})

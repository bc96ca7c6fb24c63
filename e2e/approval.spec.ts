import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test, type CairnApp } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const BEFORE = '# About me\n\n- Prefers short answers\n- Likes tea\n- Lives in Lyon\n'
const AFTER = '# About me\n\n- Prefers short answers\n- Likes green tea\n- Lives in Lyon\n'
const EDIT = {
  command: 'str_replace',
  path: '/memories/about-me.md',
  old_str: '- Likes tea',
  new_str: '- Likes green tea'
}

/** Settings → "Ask before changes that remove or overwrite", then a new chat where Claude edits. */
async function askBeforeOverwrite(cairn: CairnApp, page: Page, afterwards: string) {
  const file = join(cairn.userDataDir, 'memories', 'about-me.md')
  await writeFile(file, BEFORE)
  cairn.anthropic!.script(
    reply([text('I will update your note. '), memory(EDIT)]),
    reply(afterwards)
  )
  const app = new AppPage(page)
  const settings = await app.gotoSettings()
  await page.getByRole('radio', { name: /^Ask before changes that remove or overwrite/ }).check()
  await settings.save()
  await expect(settings.saveStatus()).toHaveText('Saved.')
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Actually, I like green tea.')
  const card = page.getByRole('region', { name: 'Claude wants to edit about-me.md' })
  await expect(card).toBeVisible()
  const diff = card.getByRole('table', { name: 'What this change would do to about-me.md' })
  await expect(diff.getByRole('row', { name: /Removed: - Likes tea/ })).toBeVisible()
  await expect(diff.getByRole('row', { name: /Added: - Likes green tea/ })).toBeVisible()
  // The chip of the waiting command says it is under way, not stopped.
  await expect(chat.chip('Editing /memories/about-me.md…')).toBeVisible()
  return { file, card, chat }
}

test('ask before overwrite: Claude’s edit waits on a card with the diff → Decline → disk unchanged, Claude is told why', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(90_000) // Settings, a two-request turn and axe: slow on a loaded machine
  const page = cairn.page
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1200, height: 780 })
  const { file, card, chat } = await askBeforeOverwrite(
    cairn,
    page,
    'Understood: I left your note as it was.'
  )
  expect(await seriousA11yViolations(page), 'approval card in light').toEqual([])
  await captureView(page, testInfo, 'approval-card-light')
  // Only the request that asked for the change: nothing is open while the user decides.
  expect(cairn.anthropic!.messageRequests()).toHaveLength(1)

  await card.getByRole('textbox', { name: /Reason for declining/ }).fill('keep it as it is')
  await card.getByRole('button', { name: 'Decline' }).click()
  await expect(card).toBeHidden()
  await expect(chat.log()).toContainText('Understood: I left your note as it was.')
  expect(await readFile(file, 'utf8')).toBe(BEFORE)
  const requests = cairn.anthropic!.messageRequests()
  expect(requests).toHaveLength(2)
  const body = requests[1]!.body as {
    messages: Array<{ role: string; content: Array<Record<string, unknown>> }>
  }
  expect(body.messages.at(-1)?.content).toEqual([
    expect.objectContaining({
      type: 'tool_result',
      is_error: true,
      content: expect.stringMatching(/^The user declined this change: keep it as it is\n/)
    })
  ])
  await expect(chat.chip(/^Edit refused: The user declined this change/)).toBeVisible()
})

test('ask before overwrite in dark: the card survives a reload, Approve from the keyboard → disk changed', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(90_000) // Settings, a two-request turn and axe: slow on a loaded machine
  const page = cairn.page
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1200, height: 780 })
  const { file, chat } = await askBeforeOverwrite(cairn, page, 'Noted: **green** tea.')
  expect(await seriousA11yViolations(page), 'approval card in dark').toEqual([])
  await captureView(page, testInfo, 'approval-card-dark')

  // Main owns the pending change: a reloaded window shows the same card.
  await page.reload()
  await new AppPage(page).goto('Chat')
  const card = page.getByRole('region', { name: 'Claude wants to edit about-me.md' })
  await expect(card).toBeVisible()
  expect(await readFile(file, 'utf8')).toBe(BEFORE)

  const approve = card.getByRole('button', { name: 'Approve' })
  await approve.focus()
  await page.keyboard.press('Enter')
  await expect(card).toBeHidden()
  await expect(chat.log()).toContainText('Noted: green tea.')
  expect(await readFile(file, 'utf8')).toBe(AFTER)
  await expect(chat.chip('Edited /memories/about-me.md')).toBeVisible()
})

/** Both sizes, light and dark: the card as it looks now, and no serious axe finding. */
async function lookAtCard(page: Page, testInfo: TestInfo, name: string) {
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

test('another program edits the note while the card waits: the same card shows the new change at once → one Approve → both edits kept', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(120_000) // Settings, a two-request turn, four screenshots and axe
  const page = cairn.page
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1200, height: 780 })
  const { file, card, chat } = await askBeforeOverwrite(cairn, page, 'Noted.')
  // The user's phone syncs a line into the note while the card is up.
  await writeFile(file, `${BEFORE}- Has a cat\n`)
  // Before Approve: the card says what happened and shows the change on the new text.
  await expect(card.getByRole('status')).toHaveText(
    'about-me.md changed on disk while this waited. The change below is what Approve would do now.'
  )
  await expect(
    card
      .getByRole('table', { name: 'What this change would do to about-me.md' })
      .getByRole('row', { name: /- Has a cat/ })
      .first()
  ).toBeVisible()
  await lookAtCard(page, testInfo, 'approval-card-changed')
  await card.getByRole('button', { name: 'Approve' }).click()
  // One Approve: it ran, nothing was asked again.
  await expect(card).toBeHidden()
  await expect(chat.log()).toContainText('Noted.')
  expect(await readFile(file, 'utf8')).toBe(`${AFTER}- Has a cat\n`)
  await expect(chat.chip('Edited /memories/about-me.md')).toBeVisible()
})

test('the note is deleted while the card waits: the card says the change can no longer be made, offers only Decline, and Claude is told why', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(120_000)
  const page = cairn.page
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1200, height: 780 })
  const { file, card, chat } = await askBeforeOverwrite(
    cairn,
    page,
    'The note is gone, so I changed nothing.'
  )
  await rm(file)
  await expect(card.getByRole('status')).toHaveText(
    'about-me.md was deleted on disk while this waited, so this change can no longer be made. Decline to tell Claude why; nothing will be changed.'
  )
  // No Approve to press into an error: only Decline, the button the words name.
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Always allow in this chat' })).toHaveCount(0)
  await lookAtCard(page, testInfo, 'approval-card-deleted')
  await card.getByRole('button', { name: 'Decline' }).click()
  await expect(card).toBeHidden()
  await expect(chat.log()).toContainText('The note is gone, so I changed nothing.')
  const body = cairn.anthropic!.messageRequests()[1]!.body as {
    messages: Array<{ role: string; content: Array<Record<string, unknown>> }>
  }
  expect(body.messages.at(-1)?.content).toEqual([
    expect.objectContaining({
      type: 'tool_result',
      is_error: true,
      content: expect.stringMatching(
        /does not exist[\s\S]*changed on disk while this change waited/
      )
    })
  ])
})

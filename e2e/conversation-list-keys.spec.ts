import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, horizontalOverflow, seriousA11yViolations } from './support/page-checks'

/*
 * Issue 36: the conversation list is driven from the keyboard (Up/Down/Home/End, Enter, Delete);
 * a deleted chat comes back with Undo (or Ctrl/Cmd+Z) as the same file; a chat another program
 * adds to (or removes from) the conversations folder shows without a restart; the row's hover
 * icons never cover its title.
 */

const idOf = (n: number) => `5eed00${String(n).padStart(2, '0')}-0000-4000-8000-000000000000`
const LONG = 'A very long conversation title about planning three days in Lyon in May'

function conversationText(n: number, title: string, updatedAt: string): string {
  return JSON.stringify({
    version: 1,
    id: idOf(n),
    title,
    titleSource: 'user',
    model: 'claude-sonnet-4-6',
    createdAt: updatedAt,
    updatedAt,
    messages: [
      {
        id: `m${n}`,
        role: 'user',
        createdAt: updatedAt,
        content: [{ type: 'text', text: `Message of ${title}` }]
      }
    ]
  })
}

/** Three chats, newest first: Alpha, Bravo, then the long title. */
async function seed(userDataDir: string): Promise<string> {
  const folder = join(userDataDir, 'conversations')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const day = (d: number) => new Date(Date.now() - d * 60_000).toISOString()
  await writeFile(join(folder, `${idOf(1)}.json`), conversationText(1, 'Alpha', day(1)))
  await writeFile(join(folder, `${idOf(2)}.json`), conversationText(2, 'Bravo', day(2)))
  await writeFile(join(folder, `${idOf(3)}.json`), conversationText(3, LONG, day(3)))
  return folder
}

async function open(cairn: { page: Page; userDataDir: string; restart(): Promise<void> }) {
  const folder = await seed(cairn.userDataDir)
  await cairn.restart() // main reads the folder at start
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await app.goto('Chat')
  const list = cairn.page.getByRole('list', { name: 'Conversation list' })
  await expect(list.locator('[data-row]')).toHaveCount(3)
  return { folder, list, chat: new ChatPage(cairn.page) }
}

const row = (list: ReturnType<Page['getByRole']>, title: string) =>
  list.locator('[data-row]').filter({ hasText: title })

test('arrow keys move between chats, Enter opens, Delete deletes; Undo and Ctrl+Z bring the same file back', async ({
  cairn
}, testInfo) => {
  test.setTimeout(180_000) // four screenshots and two axe scans
  const page = cairn.page
  const { folder, list, chat } = await open(cairn)
  const alpha = row(list, 'Alpha')
  const bravo = row(list, 'Bravo')
  const long = row(list, LONG)

  // One tab stop for the list: the open chat's row.
  await expect(list.locator('[data-row][tabindex="0"]')).toHaveCount(1)
  await alpha.focus()
  await page.keyboard.press('ArrowDown')
  await expect(bravo).toBeFocused()
  await page.keyboard.press('End')
  await expect(long).toBeFocused()
  await page.keyboard.press('Home')
  await expect(alpha).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(chat.headerTitle()).toHaveText('Bravo')
  await expect(bravo).toHaveAttribute('aria-current', 'true')

  // Delete on the focused row asks first, as the mouse path does.
  const bravoFile = join(folder, `${idOf(2)}.json`)
  const bytes = await readFile(bravoFile)
  await page.keyboard.press('Delete')
  const confirm = page.getByRole('dialog', { name: 'Delete “Bravo”?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'Deleted “Bravo”' })
  await expect(notice).toBeVisible()
  await expect(bravo).toHaveCount(0)
  await expect(long).toBeFocused() // the row that took its place: Delete again goes on
  expect(await readdir(folder)).not.toContain(`${idOf(2)}.json`)

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    for (const [width, height] of [
      [900, 600],
      [1280, 800]
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(page.getByRole('button', { name: 'Undo' })).toBeInViewport()
      expect(await horizontalOverflow(page), `${scheme} ${width}×${height}`).toEqual([])
      await captureView(page, testInfo, `deleted-${scheme}-${width}x${height}`)
    }
    expect(await seriousA11yViolations(page), `deleted notice in ${scheme}`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })

  // Ctrl/Cmd+Z while the notice shows: the same bytes are back, and the chat opens again.
  await page.keyboard.press('ControlOrMeta+z')
  await expect(bravo).toHaveCount(1)
  await expect(notice).toHaveCount(0)
  expect(await readFile(bravoFile)).toEqual(bytes)
  await expect(chat.headerTitle()).toHaveText('Bravo')

  // The mouse path: the row's Delete button, then the notice's Undo button.
  await list.getByRole('button', { name: 'Delete Alpha' }).click()
  await page
    .getByRole('dialog', { name: 'Delete “Alpha”?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted “Alpha”' })).toBeVisible()
  await expect(alpha).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(alpha).toHaveCount(1)
  expect(await readdir(folder)).toContain(`${idOf(1)}.json`)

  // Not undone: final at the next start (the kept copy is emptied deliberately).
  await list.getByRole('button', { name: 'Delete Alpha' }).click()
  await page
    .getByRole('dialog', { name: 'Delete “Alpha”?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(alpha).toHaveCount(0)
  await cairn.restart()
  await new AppPage(page).waitForReady()
  await new AppPage(page).goto('Chat')
  await expect(list.locator('[data-row]')).toHaveCount(2)
  expect(await readdir(cairn.userDataDir)).not.toContain('conversations-deleted')
})

test('a chat another program adds to the folder shows without a restart, and goes when removed', async ({
  cairn
}) => {
  const { folder, list } = await open(cairn)
  const added = join(folder, `${idOf(9)}.json`)
  await writeFile(added, conversationText(9, 'Written by another copy', new Date().toISOString()))
  await expect(row(list, 'Written by another copy')).toHaveCount(1)
  await rm(added)
  await expect(row(list, 'Written by another copy')).toHaveCount(0)
  await expect(list.locator('[data-row]')).toHaveCount(3)
})

test('the hover icons never cover the title: it ends in an ellipsis before them, whole in the tooltip', async ({
  cairn
}, testInfo) => {
  test.setTimeout(180_000)
  const page = cairn.page
  const { list } = await open(cairn)
  const long = row(list, LONG)
  await expect(long).toHaveAttribute('title', LONG)
  const item = list.locator(`li[data-conversation="${idOf(3)}"]`)
  const title = long.locator('.conversation-title > span.truncate')
  const actions = item.locator('.conversation-actions')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    for (const [width, height] of [
      [900, 600],
      [1280, 800]
    ] as const) {
      await page.setViewportSize({ width, height })
      await long.hover()
      await expect(actions).toHaveCSS('opacity', '1')
      const text = await title.boundingBox()
      const icons = await actions.boundingBox()
      expect(text && icons, 'title and icons are laid out').toBeTruthy()
      expect(text!.x + text!.width, `${scheme} ${width}×${height}`).toBeLessThanOrEqual(icons!.x)
      // Cut short with an ellipsis, not hidden under the icons.
      expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
      await captureView(page, testInfo, `row-hover-${scheme}-${width}x${height}`)
    }
    expect(await seriousA11yViolations(page), `list in ${scheme}`).toEqual([])
  }
})

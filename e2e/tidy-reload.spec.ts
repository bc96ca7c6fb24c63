import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { gate, heldTidyReplies, MESSY_MEMORY } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'

// A tidy runs in main: reloading the window while Claude works, or while the proposal waits for
// review, loses neither. Memory opens the tidy again where it is.

test('a tidy survives reloads: its progress, then its review, come back in Memory', async ({
  cairn
}) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  const root = join(cairn.userDataDir, 'memories')
  for (const [path, content] of Object.entries(MESSY_MEMORY)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), content)
  }
  const held = gate()
  cairn.anthropic!.script(...heldTidyReplies(held))
  const page = cairn.page
  const app = new AppPage(page)
  // Back to Memory after the reload, by its shortcut: the tidy's dialog may already be open
  // over the window (modal), which a click on the tab would not get through.
  const reloadOnMemory = async () => {
    await page.reload()
    await app.waitForReady()
    await page.keyboard.press('Control+2')
  }
  await app.goto('Memory')
  await new ChatPage(page).useSessionKey()
  await page.getByRole('button', { name: 'Tidy…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tidy memory' })
  await expect(dialog.getByRole('status')).toContainText('input tokens')
  await dialog.getByRole('button', { name: 'Start the tidy' }).click()
  await expect(dialog.getByRole('status')).toContainText('2 changes proposed so far')

  // Reloaded while Claude works: Memory shows the running tidy, not a new setup.
  await reloadOnMemory()
  await expect(dialog.getByRole('status')).toContainText('2 changes proposed so far')
  held.release()
  const review = page.getByRole('dialog', { name: 'Review the tidy' })
  await expect(review.getByRole('checkbox')).toHaveCount(4)

  // Reloaded while the proposal waits: the review is there again, and applies.
  await reloadOnMemory()
  await expect(review.getByRole('checkbox')).toHaveCount(4)
  await review.getByRole('button', { name: 'Apply 4 of 4 changes' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Applied 4 changes as one entry in Activity.')
})

import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { MESSY_MEMORY, tidyReplies } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Memory → Tidy… (issue 39): the estimate, Claude's scripted dry run, the review (light and dark,
// both sizes, axe), a change rejected with what needs it, Apply, and the one Undo.

test('tidy memory: estimate, review, reject one change with its dependent, apply, undo', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(180_000) // eight looks with axe
  const root = join(cairn.userDataDir, 'memories')
  for (const [path, content] of Object.entries(MESSY_MEMORY)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), content)
  }
  cairn.anthropic!.script(...tidyReplies())
  const page = cairn.page
  await new AppPage(page).goto('Memory')
  await new ChatPage(page).useSessionKey()
  await page.getByRole('button', { name: 'Tidy…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tidy memory' })
  await expect(dialog.getByRole('status')).toContainText('input tokens')
  await expect(dialog.getByLabel('Model')).toHaveValue('claude-haiku-4-5-20251001')
  await dialog.getByLabel('Focus (optional)').fill('merge duplicates')
  await checkEveryLook(page, testInfo, 'tidy-setup')
  await dialog.getByRole('button', { name: 'Start the tidy' }).click()

  const review = page.getByRole('dialog', { name: 'Review the tidy' })
  await expect(review.getByRole('checkbox')).toHaveCount(4)
  await expect(review.getByText('Memory would forget').first()).toBeVisible()
  await expect(review.getByText('- stale: call Bob about the 2024 party').first()).toBeVisible()
  // Nothing is applied before review.
  expect(await readFile(join(root, 'notes.md'), 'utf8')).toBe(MESSY_MEMORY['notes.md'])
  await checkEveryLook(page, testInfo, 'tidy-review')

  // Keyboard: ↓ moves from change to change, Space toggles the one in focus.
  await review.getByRole('checkbox', { name: /^Change 1:/ }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(review.getByRole('checkbox', { name: /^Change 2:/ })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(review.getByRole('checkbox', { name: /^Change 2:/ })).not.toBeChecked()
  await page.keyboard.press('Space')
  // Rejecting the rename rejects the edit planned on the renamed file.
  const rename = review.getByRole('checkbox', { name: /^Change 3:/ })
  const edit = review.getByRole('checkbox', { name: /^Change 4:/ })
  await rename.uncheck()
  await expect(edit).not.toBeChecked()
  // Accepting the edit again takes the rename with it.
  await edit.check()
  await expect(rename).toBeChecked()
  await review.getByRole('checkbox', { name: /^Change 1:/ }).uncheck()
  await review.getByRole('button', { name: 'Apply 3 of 4 changes' }).click()
  const done = page.getByRole('dialog', { name: 'Tidy memory' })
  await expect(done.getByRole('status')).toHaveText('Applied 3 changes as one entry in Activity.')
  expect(await readFile(join(root, 'contacts.md'), 'utf8')).toBe(MESSY_MEMORY['contacts.md'])
  expect(await readFile(join(root, 'work/projects.md'), 'utf8')).toBe(
    '# Notes\n- Project Kestrel ships in June\n'
  )

  await done.getByRole('button', { name: 'Undo the tidy' }).click()
  await expect(done.getByRole('status')).toHaveText('The tidy was undone: every file is as it was.')
  for (const [path, content] of Object.entries(MESSY_MEMORY))
    expect(await readFile(join(root, path), 'utf8')).toBe(content)
  // The folder the rename made (work/) went with the undo.
  expect(existsSync(join(root, 'work'))).toBe(false)
  await done.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

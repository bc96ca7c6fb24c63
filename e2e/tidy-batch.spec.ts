import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Page } from '@playwright/test'
import { MESSY_MEMORY, tidyBatchReply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test, type CairnApp } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// A suggested tidy as a Message Batch (issue 39): the suggestion's Tidy… offers "As a batch" at
// half price; the batch (held by the fake) survives a restart and is polled by the background
// timer; its one answer opens the same review, nothing applied before it. An expired batch says
// so, with a live tidy as the way on. Light and dark, both sizes, axe.

async function messyMemory(cairn: CairnApp): Promise<string> {
  const root = join(cairn.userDataDir, 'memories')
  for (const [path, content] of Object.entries(MESSY_MEMORY)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), content)
  }
  return root
}

/** Memory, with the key for this run and the suggestion on (4 of 5 files: 80% of the cap). */
async function openMemory(page: Page): Promise<void> {
  await page.evaluate(() =>
    (
      globalThis as unknown as { cairn: { settings: { update(p: object): Promise<unknown> } } }
    ).cairn.settings.update({ memory: { maxFiles: 5 }, tidySuggest: { enabled: true } })
  )
  await new AppPage(page).goto('Memory')
  await new ChatPage(page).useSessionKey()
}

/** The Memory view's line holding this text (the toolbar has a Tidy… of its own). */
const lineWith = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text })

test('a suggested tidy as a batch: half price, waits across a restart, then reviewed and applied', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic || !cairn.background, 'needs the fake API and the held timers')
  test.setTimeout(180_000) // eight looks with axe
  const fake = cairn.anthropic!
  const root = await messyMemory(cairn)
  const page = cairn.page
  await openMemory(page)
  const suggested = lineWith(page, 'This memory is at 80% of its file limit.')
  await suggested.getByRole('button', { name: 'Tidy…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tidy memory' })
  await expect(dialog.getByRole('status')).toContainText('input tokens to read once')
  await dialog.getByLabel(/^As a batch \(ready in a few hours, half price\)/).check()
  await expect(dialog.getByRole('status')).toContainText('at the batch price')
  await checkEveryLook(page, testInfo, 'tidy-batch-setup')

  fake.batches.hold()
  await dialog.getByRole('button', { name: 'Send as a batch' }).click()
  await expect(dialog.getByRole('status')).toContainText('Sent as a batch.')
  const sent = fake.batches.list()[0]!.requests[0]!.params as {
    messages: Array<{ content: string }>
  }
  expect(sent.messages[0]!.content).toContain('<file path="/memories/notes.md">')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(lineWith(page, /^Tidy running as a batch/)).toBeVisible()

  // Cairn quits and starts again: the batch is known from the space's state, and polled.
  await cairn.restart()
  await openMemory(page)
  await expect(lineWith(page, /^Tidy running as a batch/)).toBeVisible()
  fake.script(tidyBatchReply())
  fake.batches.end('answered')
  expect(cairn.background!.fire('tidy-batch-poll')).toBe(1)
  const ready = lineWith(page, /^Tidy ready for review/)
  await expect(ready).toBeVisible()
  await checkEveryLook(page, testInfo, 'tidy-batch-ready')

  await ready.getByRole('button', { name: 'Review…' }).click()
  const review = page.getByRole('dialog', { name: 'Review the tidy' })
  await expect(review.getByRole('checkbox')).toHaveCount(4)
  await expect(review.getByText('Use the newer address.')).toBeVisible()
  // Nothing is applied before review.
  expect(await readFile(join(root, 'notes.md'), 'utf8')).toBe(MESSY_MEMORY['notes.md'])
  await review.getByRole('button', { name: 'Apply 4 of 4 changes' }).click()
  const done = page.getByRole('dialog', { name: 'Tidy memory' })
  await expect(done.getByRole('status')).toHaveText('Applied 4 changes as one entry in Activity.')
  expect(await readFile(join(root, 'work/projects.md'), 'utf8')).toBe(
    '# Notes\n- Project Kestrel ships in June\n'
  )
  await done.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByText(/^Tidy ready for review/)).toHaveCount(0)
})

test('an expired batch says so, and Tidy… runs a live tidy instead', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic || !cairn.background, 'needs the fake API and the held timers')
  test.setTimeout(120_000)
  const fake = cairn.anthropic!
  await messyMemory(cairn)
  const page = cairn.page
  await openMemory(page)
  await lineWith(page, 'This memory is at 80% of its file limit.')
    .getByRole('button', { name: 'Tidy…' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Tidy memory' })
  await dialog.getByLabel(/^As a batch/).check()
  await expect(dialog.getByRole('status')).toContainText('at the batch price')
  fake.batches.hold()
  await dialog.getByRole('button', { name: 'Send as a batch' }).click()
  await dialog.getByRole('button', { name: 'Close' }).click()
  fake.batches.end('expired')
  expect(cairn.background!.fire('tidy-batch-poll')).toBe(1)
  const expired = lineWith(page, /^The tidy batch expired/)
  await expect(expired).toBeVisible()
  await checkEveryLook(page, testInfo, 'tidy-batch-expired')
  await expired.getByRole('button', { name: 'Tidy…' }).click()
  await expect(dialog.getByRole('button', { name: 'Start the tidy' })).toBeVisible()
  await expect(dialog.getByText(/As a batch/)).toHaveCount(0)
})

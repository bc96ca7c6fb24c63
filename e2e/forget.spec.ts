import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keptTexts } from '../src/main/services/memory/__tests__/kept-bytes'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// "Forget" (issue 23): the user finds a pasted text in history and forgets it; the secret scan's
// one-click fix redacts a file and forgets its secrets; History shows what was forgotten.
// Issue 35: Forget also finds the text in the archive and in conversations and takes it out there.

const PASSWORD = 'hunter2-Zq8vN3kTwL'

for (const scheme of ['light', 'dark'] as const) {
  test(`find a pasted text in history, forget it, see "Forgotten" in History (${scheme})`, async ({
    cairn
  }, testInfo) => {
    test.setTimeout(90_000)
    const page = cairn.page
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 800 })
    const app = new AppPage(page)
    await app.goto('Memory')
    const inspector = new MemoryPage(page)
    const file = join(cairn.userDataDir, 'memories', 'wifi.md')
    // Another program writes the password in, then takes it out again: history holds both.
    await writeFile(file, `# Wifi\nname: home\npassword: ${PASSWORD}\n`)
    await expect(inspector.file('wifi.md')).toBeVisible({ timeout: 20_000 })
    await inspector.open('wifi.md')
    await writeFile(file, '# Wifi\nname: home\n')
    await inspector.showPane('History')
    await expect(inspector.versions().getByRole('listitem')).toHaveCount(2, { timeout: 20_000 })

    await inspector.showPane('Secrets')
    const view = inspector.view()
    await view.getByRole('textbox', { name: 'Text to find in history' }).fill(PASSWORD)
    await view.getByRole('button', { name: 'Find in history' }).click()
    const hits = view.getByRole('list', { name: 'Versions holding the text' })
    await expect(hits.getByRole('listitem')).toHaveCount(1)
    await expect(hits).toContainText('/memories/wifi.md, line 3')
    await expect(hits).toContainText('password: •••')
    await expect(hits).not.toContainText(PASSWORD)
    expect(await seriousA11yViolations(page), `find and forget in ${scheme}`).toEqual([])
    await captureView(page, testInfo, `forget-find-${scheme}`)

    await view.getByRole('button', { name: 'Forget 1 version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Forget 1 version holding this text?' })
    await expect(dialog).toContainText('cannot be shown, compared or restored again')
    await captureView(page, testInfo, `forget-confirm-${scheme}`)
    await dialog.getByRole('button', { name: 'Forget', exact: true }).click()
    await expect(view.getByRole('status').filter({ hasText: 'Forgot 1 version' })).toBeVisible()

    // Searching again finds nothing; History lists the version as forgotten.
    await view.getByRole('textbox', { name: 'Text to find in history' }).fill(PASSWORD)
    await view.getByRole('button', { name: 'Find in history' }).click()
    await expect(view.getByRole('status').filter({ hasText: 'holds it' })).toContainText(
      'None of the'
    )
    await inspector.showPane('History')
    await expect(inspector.versions()).toContainText('Forgotten')
    await inspector.versions().getByRole('button').filter({ hasText: 'Forgotten' }).click()
    await expect(view).toContainText('its text is gone for good')
    // The activity log says something was forgotten, not what.
    await inspector.showPane('Activity')
    await expect(inspector.activity()).toContainText('Forgot 1 version of 1 file from history')
    await expect(inspector.activity()).not.toContainText(PASSWORD)
    await captureView(page, testInfo, `forget-activity-${scheme}`)
  })
}

test('the secret scan removes a key from a file and forgets it from history in one click', async ({
  cairn
}, testInfo) => {
  test.setTimeout(90_000)
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const app = new AppPage(page)
  await app.goto('Memory')
  const inspector = new MemoryPage(page)
  const key = 'AKIA' + 'ZQ3XNV7WPLK2HR4T'
  const file = join(cairn.userDataDir, 'memories', 'aws.md')
  await writeFile(file, `# AWS\nkey id ${key}\n`)
  await expect(inspector.file('aws.md')).toBeVisible({ timeout: 20_000 })
  await inspector.showPane('Secrets')
  const view = inspector.view()
  await view.getByRole('button', { name: 'Scan memory for secrets' }).click()
  const found = view.getByRole('list', { name: 'Secrets found' })
  await expect(found).toContainText('/memories/aws.md, line 2')
  await found.getByRole('button', { name: /^Remove the secrets from \/memories\/aws.md/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove the secrets from /memories/aws.md?' })
  await captureView(page, testInfo, 'forget-secrets-confirm')
  await dialog.getByRole('button', { name: 'Remove and forget' }).click()
  await expect(view.getByRole('status').filter({ hasText: 'removed from' })).toContainText(
    '1 secret removed from /memories/aws.md. Forgot'
  )
  await expect(view.getByRole('status').filter({ hasText: 'scanned' })).toContainText(
    'no secrets found'
  )
  expect(await readFile(file, 'utf8')).toBe('# AWS\nkey id [redacted: AWS access key]\n')
  await captureView(page, testInfo, 'forget-secrets-done')
})

test('Forget names the archive and the conversation that still keep a text and removes it there', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic || !cairn.background, 'needs the fake API and the held sweep')
  test.setTimeout(120_000)
  const page = cairn.page
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1280, height: 800 })
  const code = 'door-code-Zq8vN3kTwL'
  // Claude keeps the code in a note that has already expired; the next sweep archives it.
  cairn.anthropic!.script(
    reply([
      text('I will keep that. '),
      memory({
        command: 'create',
        path: '/memories/trip.md',
        file_text: `---\nexpires: 2000-01-01\n---\nThe door code is ${code}.\n`
      })
    ]),
    reply('Saved.')
  )
  const app = new AppPage(page)
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send(`The door code is ${code}`)
  await expect(chat.log()).toContainText('Saved.')
  const archive = join(cairn.userDataDir, 'memory-state', 'archive')
  expect(cairn.background!.fire('memory-sweep')).toBe(1)
  await expect.poll(async () => (await readdir(archive).catch(() => [])).length).toBe(1)

  await app.goto('Memory')
  const inspector = new MemoryPage(page)
  await inspector.showPane('Secrets')
  const view = inspector.view()
  await view.getByRole('textbox', { name: 'Text to find in history' }).fill(code)
  await view.getByRole('button', { name: 'Find in history' }).click()
  await expect(view.getByRole('status').filter({ hasText: 'holds it' })).toContainText(
    'It is also kept in 2 other places, listed below.'
  )
  const places = view.getByRole('list', { name: 'Other places that keep the text' })
  await expect(places.getByRole('listitem')).toHaveCount(2)
  await expect(places).toContainText('Archive: /memories/trip.md')
  await expect(places).toContainText('Conversation: ')
  await expect(places).not.toContainText(code)
  expect(await seriousA11yViolations(page), 'places to forget').toEqual([])
  await captureView(page, testInfo, 'forget-elsewhere-found')

  await view.getByRole('button', { name: 'Forget 1 version' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Forget', exact: true }).click()
  await expect(view.getByRole('status').filter({ hasText: 'Forgot' })).toContainText(
    'Forgot 1 version from history. Cairn still keeps it in 2 other places (listed below).'
  )
  // The archived copy goes whole, after asking.
  await places.getByRole('button', { name: /^Delete archived copy: / }).click()
  const dialog = page.getByRole('dialog', { name: /^Delete archived copy: / })
  await expect(dialog).toContainText('it cannot be restored')
  await captureView(page, testInfo, 'forget-elsewhere-confirm')
  await dialog.getByRole('button', { name: 'Delete archived copy' }).click()
  await expect(places.getByRole('listitem')).toHaveCount(1)
  await places.getByRole('button', { name: /^Remove from conversation: / }).click()
  await page
    .getByRole('dialog', { name: /^Remove from conversation: / })
    .getByRole('button', { name: 'Remove from conversation' })
    .click()
  await expect(places).toBeHidden()
  await expect(view.getByRole('status').filter({ hasText: 'Forgot' })).toHaveText(
    'Forgot 1 version from history. Taken out of 2 other places.'
  )
  await captureView(page, testInfo, 'forget-elsewhere-done')

  // Every byte under the data folder (history's packs opened) is free of it.
  const kept = await keptTexts(cairn.userDataDir)
  expect(kept.filter((file) => file.text.includes(code)).map((file) => file.path)).toEqual([])
  // The conversation reads [forgotten] where the code was.
  await app.goto('Chat')
  await expect(chat.log()).toContainText('The door code is [forgotten]')
})

import { randomUUID } from 'node:crypto'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, requireKeychain, test } from './support/app-fixture'
import { filesContaining } from './support/scan'

test.describe('Settings', () => {
  test('API key: set → status shows keychain + hint → keychain holds it → no file, log or IPC answer has it', async ({
    cairn
  }) => {
    await requireKeychain()
    const key = `sk-ant-e2e-${randomUUID()}`
    const app = new AppPage(cairn.page)
    await app.waitForReady()
    let settings = await app.gotoSettings()

    await settings.setApiKey(key)
    await expect(settings.apiKeyStatus()).toContainText(key.slice(-4))
    await expect(settings.apiKeyStatus()).toContainText(/keychain/i)
    expect(await cairn.readKeychain()).toBe(key)

    // Exercise the app a little: save a setting, reload, restart.
    await settings.setField('maxFiles', '321')
    await settings.save()
    await expect(settings.saveStatus()).toContainText(/saved/i)
    await cairn.page.reload()
    await cairn.restart()
    settings = await new AppPage(cairn.page).gotoSettings()
    await expect(settings.apiKeyStatus()).toContainText(key.slice(-4))

    expect(await filesContaining(cairn.userDataDir, key)).toEqual([])
    expect(await cairn.logText()).not.toContain(key)
    const answers = cairn.ipcRecords().map((record) => JSON.stringify(record.output))
    expect(answers.length).toBeGreaterThan(0)
    expect(answers.filter((answer) => answer.includes(key))).toEqual([])
    // Everything the page holds: its markup, every field's current value, and web storage.
    const pageState = await cairn.page.evaluate<string>(
      `document.documentElement.outerHTML +
       [...document.querySelectorAll('input, textarea')].map((field) => field.value).join('\\n') +
       JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })`
    )
    expect(pageState).not.toContain(key)

    await settings.clearApiKey()
    await expect(settings.apiKeyStatus()).toContainText(/not set|no key|not configured/i)
    expect(await cairn.readKeychain()).toBeNull()
  })

  test('an invalid cap shows an inline error and nothing is saved', async ({ cairn }) => {
    const settings = await new AppPage(cairn.page).gotoSettings()
    await settings.setField('maxFileBytes', '5')
    await expect(settings.fieldError('maxFileBytes')).toContainText('between 1 KB and 10 MB')
    await expect(settings.saveButton()).toBeDisabled()
    await cairn.page.keyboard.press('ControlOrMeta+s')
    await expect(stat(join(cairn.userDataDir, 'settings.json'))).rejects.toThrow(/ENOENT/)

    await cairn.page.reload()
    const fresh = await new AppPage(cairn.page).gotoSettings()
    await expect(fresh.field('maxFileBytes')).toHaveValue('256 KB')
  })

  test('settings survive a reload and a restart', async ({ cairn }) => {
    let settings = await new AppPage(cairn.page).gotoSettings()
    await settings.setField('maxFiles', '250')
    await settings.setField('model', 'claude-e2e-model')
    await settings.save()
    await expect(settings.saveStatus()).toContainText(/saved/i)
    const onDisk = JSON.parse(await readFile(join(cairn.userDataDir, 'settings.json'), 'utf8'))
    expect(onDisk.memory.maxFiles).toBe(250)

    await cairn.page.reload()
    settings = await new AppPage(cairn.page).gotoSettings()
    await expect(settings.field('maxFiles')).toHaveValue('250')

    await cairn.restart()
    settings = await new AppPage(cairn.page).gotoSettings()
    await expect(settings.field('maxFiles')).toHaveValue('250')
    await expect(settings.field('model')).toHaveValue('claude-e2e-model')
  })

  test('a corrupt settings file is moved aside and the UI says so', async ({ cairn }) => {
    await writeFile(join(cairn.userDataDir, 'settings.json'), '{ "model": "half-written')
    await cairn.restart()
    const settings = await new AppPage(cairn.page).gotoSettings()
    await expect(settings.notice()).toContainText(/settings\.corrupt-/)
    await expect(settings.field('maxFiles')).toHaveValue('2000')
  })

  test('Open memory folder creates the folder, private to the user', async ({ cairn }) => {
    const settings = await new AppPage(cairn.page).gotoSettings()
    await settings.openMemoryFolder()
    const folder = join(cairn.userDataDir, 'memories')
    await expect
      .poll(async () => (await stat(folder).catch(() => null))?.isDirectory() ?? false)
      .toBe(true)
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    await expect(settings.folderStatus()).toBeVisible()
  })
})

test('first run: the welcome card takes the key into the OS keychain, then the composer is ready', async ({
  cairn
}) => {
  await requireKeychain()
  const key = `sk-ant-welcome-${randomUUID()}`
  const page = cairn.page
  await new AppPage(page).waitForReady()
  const welcome = page.getByRole('region', { name: 'Welcome to Cairn', exact: true })
  await expect(welcome).toBeVisible()
  await expect(welcome).toContainText(join(cairn.userDataDir, 'memories'))
  await welcome.getByRole('textbox', { name: 'API key', exact: true }).fill(key)
  await welcome.getByRole('button', { name: 'Save key', exact: true }).click()
  await expect(welcome).toBeHidden()
  await expect(new ChatPage(page).composer()).toBeFocused()
  expect(await cairn.readKeychain()).toBe(key)
})

test("model picker: lists the API's models; the chosen one is saved to disk", async ({ cairn }) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  await new AppPage(cairn.page).waitForReady()
  await new ChatPage(cairn.page).useSessionKey()
  const settings = await new AppPage(cairn.page).gotoSettings()
  const picker = cairn.page.getByRole('combobox', { name: 'Available models', exact: true })
  await expect(picker.locator('option')).toHaveText([
    'Automatic: newest Sonnet (now Claude Sonnet 4.6)',
    'Claude Sonnet 4.6 (claude-sonnet-4-6)',
    'Claude Opus 4.6 (claude-opus-4-6)',
    /claude-haiku-4-5-20251001/,
    'Other: typed below'
  ])
  await expect(picker).toHaveValue('auto')
  await picker.selectOption('claude-opus-4-6')
  await expect(settings.field('model')).toHaveValue('claude-opus-4-6')
  await settings.save()
  const onDisk = JSON.parse(await readFile(join(cairn.userDataDir, 'settings.json'), 'utf8'))
  expect(onDisk.model).toBe('claude-opus-4-6')
})

test('About: Copy diagnostics puts versions and paths on the clipboard, never the key', async ({
  cairn
}) => {
  const key = `sk-ant-diag-${randomUUID()}`
  await new AppPage(cairn.page).waitForReady()
  await new ChatPage(cairn.page).useSessionKey(key)
  await new AppPage(cairn.page).gotoSettings()
  const about = cairn.page.getByRole('region', { name: 'About Cairn', exact: true })
  await about.getByRole('button', { name: 'Copy diagnostics', exact: true }).click()
  await expect(about.getByRole('status', { name: 'Diagnostics status' })).toHaveText(
    /^Copied [\d,]+ characters/
  )
  const copied = await cairn.copiedText()
  expect(copied).toContain(join(cairn.userDataDir, 'memories'))
  expect(copied).not.toContain(key)
})

test('keyboard: Ctrl/Cmd+1/2/3 move between Chat, Memory and Settings', async ({ cairn }) => {
  const app = new AppPage(cairn.page)
  await app.waitForReady()
  await cairn.page.keyboard.press('ControlOrMeta+3')
  await expect(app.currentView()).toHaveText(/settings/i)
  await cairn.page.keyboard.press('ControlOrMeta+2')
  await expect(app.currentView()).toHaveText(/memory/i)
  await cairn.page.keyboard.press('ControlOrMeta+1')
  await expect(app.currentView()).toHaveText(/chat/i)
})

test.describe('API key without an OS keychain', () => {
  test.use({ keychainMode: 'missing' })

  test('offers to keep the key for this session only, and then writes it nowhere', async ({
    cairn
  }) => {
    const key = `sk-ant-session-${randomUUID()}`
    const settings = await new AppPage(cairn.page).gotoSettings()
    await settings.setApiKey(key)
    await expect(settings.apiKeyError()).toContainText(/keychain/i)
    await expect(settings.apiKeyStatus()).not.toContainText(key.slice(-4))

    await settings.keepKeyForSessionOnly()
    await expect(settings.apiKeyStatus()).toContainText(key.slice(-4))
    await expect(settings.apiKeyStatus()).toContainText(/session/i)
    expect(await filesContaining(cairn.userDataDir, key)).toEqual([])
    expect(await cairn.logText()).not.toContain(key)

    // Session means session: a restart forgets it.
    await cairn.restart()
    const after = await new AppPage(cairn.page).gotoSettings()
    await expect(after.apiKeyStatus()).not.toContainText(key.slice(-4))
  })
})

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { gate, reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

/*
 * Updates: the banner's states and Settings → General → Updates. In the browser harness a test
 * update feed (e2e/harness/update-feed.ts) stands where electron-updater stands in a packaged app;
 * the updates service, its state machine, the IPC and the page are the real ones.
 */

const NOTES =
  '<h2>Cairn 0.2.0</h2><ul><li>Search finds words in every memory file</li><li>Replies start faster</li></ul>'

const banner = (page: Page) => page.getByTestId('update-banner')
const updatesCard = (page: Page) => page.getByRole('region', { name: 'Updates', exact: true })

test.describe('a development build', () => {
  test('has updates off and says why; no banner', async ({ cairn }) => {
    const app = new AppPage(cairn.page)
    await app.gotoSettings()
    const card = updatesCard(cairn.page)
    await expect(card.getByTestId('update-status')).toHaveText(
      'Updates are off: this is a development build. Packaged releases update themselves.'
    )
    await expect(card.getByRole('button', { name: 'Check now' })).toBeDisabled()
    await expect(banner(cairn.page)).toHaveCount(0)
  })
})

test.describe('with an update feed', () => {
  test.use({ updateFeed: true })

  test('auto: Check now finds it, downloads with progress, Restart to update with the notes', async ({
    cairn
  }, testInfo) => {
    test.skip(!cairn.updates, 'the update feed is a browser-harness double')
    const feed = cairn.updates!
    const page = cairn.page
    await page.setViewportSize({ width: 1280, height: 860 })
    const app = new AppPage(page)
    await app.gotoSettings()
    const card = updatesCard(page)
    await expect(card.getByTestId('update-current')).toHaveText('test')
    await expect(card.getByRole('radio', { name: /Automatic/ })).toBeChecked()

    feed.offer = { version: '0.2.0', notes: NOTES }
    await card.getByRole('button', { name: 'Check now' }).click()
    await expect(banner(page)).toContainText('Downloading Cairn 0.2.0…')
    expect(feed.calls).toEqual(['check', 'download'])

    feed.fire({ type: 'progress', percent: 42.4, transferred: 44_460_000, total: 104_857_600 })
    await expect(banner(page).getByTestId('update-percent')).toHaveText(
      '42% · 42.4 MB of 100.0 MB. You can keep chatting.'
    )
    await expect(banner(page).getByRole('progressbar')).toHaveAttribute('value', '42')
    await expect(card.getByTestId('update-status')).toHaveText('Downloading Cairn 0.2.0: 42%.')
    expect(await seriousA11yViolations(page), 'downloading banner').toEqual([])
    await banner(page).screenshot({ path: testInfo.outputPath('update-banner-downloading.png') })

    feed.fire({ type: 'downloaded', version: '0.2.0', notes: NOTES })
    await expect(banner(page)).toContainText('Cairn 0.2.0 is ready to install')
    await banner(page).getByText('What’s new in 0.2.0').click()
    await expect(banner(page).getByTestId('release-notes')).toHaveText(
      'Cairn 0.2.0\n\n• Search finds words in every memory file\n• Replies start faster'
    )
    // Nothing restarts on its own.
    expect(feed.calls).not.toContain('quitAndInstall')

    await app.goto('Chat')
    expect(await seriousA11yViolations(page), 'ready banner, light').toEqual([])
    await captureView(page, testInfo, 'update-banner-light')
    await banner(page).screenshot({ path: testInfo.outputPath('update-banner-ready-light.png') })
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await seriousA11yViolations(page), 'ready banner, dark').toEqual([])
    await captureView(page, testInfo, 'update-banner-dark')
    await banner(page).screenshot({ path: testInfo.outputPath('update-banner-ready-dark.png') })
    await page.setViewportSize({ width: 900, height: 760 })
    await captureView(page, testInfo, 'update-banner-900')
    await page.emulateMedia({ colorScheme: 'light' })

    await banner(page).getByRole('button', { name: 'Restart to update' }).click()
    await expect.poll(() => feed.calls).toEqual(['check', 'download', 'quitAndInstall'])
  })

  test('long notes, opened at 900×600, leave the composer on screen', async ({
    cairn
  }, testInfo) => {
    test.skip(!cairn.updates, 'the update feed is a browser-harness double')
    const feed = cairn.updates!
    const page = cairn.page
    await page.setViewportSize({ width: 900, height: 600 })
    const app = new AppPage(page)
    await app.goto('Chat')
    const chat = new ChatPage(page)
    await chat.useSessionKey()
    await chat.newChat()
    const long = `<ul>${Array.from({ length: 40 }, (_, i) => `<li>Change number ${i + 1}</li>`).join('')}</ul>`
    feed.offer = { version: '0.2.0', notes: long }
    feed.port.check()
    await expect(banner(page)).toContainText('Downloading Cairn 0.2.0…')
    feed.fire({ type: 'downloaded', version: '0.2.0', notes: long })
    await expect(banner(page)).toContainText('Cairn 0.2.0 is ready to install')
    await banner(page).getByText('What’s new in 0.2.0').click()
    await expect(banner(page).getByTestId('release-notes')).toContainText('Change number 40')
    const composer = chat.composer()
    await expect(composer).toBeInViewport({ ratio: 1 })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await captureView(page, testInfo, `update-notes-900x600-${scheme}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })

  test('never restarts mid-reply: waits for the reply to end and says so', async ({ cairn }) => {
    test.skip(!cairn.updates || !cairn.anthropic, 'needs the update feed and the fake API')
    const feed = cairn.updates!
    const page = cairn.page
    const app = new AppPage(page)
    await app.goto('Chat')
    const chat = new ChatPage(page)
    await chat.useSessionKey()
    await chat.newChat()
    const hold = gate()
    cairn.anthropic!.script(
      reply('The first part of a long answer, then a pause before the rest of it', {
        textChunk: 8,
        fault: { kind: 'hold', gate: hold, afterDeltas: 3 }
      })
    )
    await chat.send('Tell me something long')
    await expect(chat.log()).toContainText('The first part')

    feed.offer = { version: '0.2.0', notes: null }
    feed.port.check()
    await expect(banner(page)).toContainText('Downloading Cairn 0.2.0…')
    feed.fire({ type: 'downloaded', version: '0.2.0', notes: null })
    await banner(page).getByRole('button', { name: 'Restart to update' }).click()
    await expect(banner(page)).toContainText('Cairn will restart when the reply ends')
    await expect(
      banner(page).getByRole('button', { name: 'Waiting for the reply…' })
    ).toBeDisabled()
    // The banner's words are main's answer to the click (it chose to wait): by then it had
    // decided, and the reply is still streaming, so no restart was asked for.
    expect(feed.calls).not.toContain('quitAndInstall')

    hold.release()
    await expect(chat.log()).toContainText('the rest of it')
    await expect.poll(() => feed.calls.filter((call) => call === 'quitAndInstall')).toHaveLength(1)
  })

  test('notify only: the banner offers Download, nothing downloads before it', async ({
    cairn
  }, testInfo) => {
    test.skip(!cairn.updates, 'the update feed is a browser-harness double')
    const feed = cairn.updates!
    const page = cairn.page
    await new AppPage(page).gotoSettings()
    const card = updatesCard(page)
    await card.getByRole('radio', { name: /Notify only/ }).check()
    await expect(card.getByRole('radio', { name: /Notify only/ })).toBeChecked()
    expect(feed.calls).toEqual([])
    // Choosing the beta channel checks it at once.
    feed.offer = { version: '0.2.0-beta.1', notes: 'Try the new search.' }
    await card.getByRole('radio', { name: 'Beta' }).check()
    await expect
      .poll(
        async () =>
          JSON.parse(await readFile(join(cairn.userDataDir, 'settings.json'), 'utf8')).updates
      )
      .toEqual({ mode: 'notify', channel: 'beta' })
    await expect(banner(page)).toContainText('Cairn 0.2.0-beta.1 is available')
    await expect(banner(page)).toContainText('You have test.')
    expect(feed.calls).toEqual(['check'])
    await card.screenshot({ path: testInfo.outputPath('updates-card.png') })
    await page.emulateMedia({ colorScheme: 'dark' })
    await card.screenshot({ path: testInfo.outputPath('updates-card-dark.png') })
    await banner(page).screenshot({ path: testInfo.outputPath('update-banner-available-dark.png') })
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(card.getByRole('button', { name: 'Download 0.2.0-beta.1' })).toBeVisible()

    await banner(page).getByRole('button', { name: 'Download', exact: true }).click()
    await expect(banner(page)).toContainText('Downloading Cairn 0.2.0-beta.1…')
    expect(feed.calls).toEqual(['check', 'download'])
  })

  test('the check after start runs on its own and schedules the next one', async ({ cairn }) => {
    test.skip(!cairn.updates, 'the update feed is a browser-harness double')
    const feed = cairn.updates!
    const background = cairn.background!
    const page = cairn.page
    await new AppPage(page).gotoSettings()
    // Held by the harness until the test says its time has come: nothing was asked yet.
    expect(background.pending()).toContain('update-check')
    expect(feed.calls).toEqual([])

    feed.offer = { version: '0.2.0', notes: null }
    expect(background.fire('update-check')).toBe(1)
    await expect(banner(page)).toContainText('Downloading Cairn 0.2.0…')
    expect(feed.calls).toEqual(['check', 'download'])
    expect(background.pending()).toContain('update-check')
  })

  test('a failed check says what happened and what to do; Check again asks again', async ({
    cairn
  }, testInfo) => {
    test.skip(!cairn.updates, 'the update feed is a browser-harness double')
    const feed = cairn.updates!
    const page = cairn.page
    await new AppPage(page).gotoSettings()
    feed.failCheck = { message: 'getaddrinfo ENOTFOUND github.com', code: 'ENOTFOUND' }
    await updatesCard(page).getByRole('button', { name: 'Check now' }).click()
    const alert = page.getByRole('alert', { name: 'Update check failed' })
    await expect(alert).toContainText('Cairn could not reach the update server.')
    await expect(alert).toContainText('Check your internet connection, then choose Check now')
    // The raw error stays in the log, not on screen.
    await expect(alert).not.toContainText('ENOTFOUND')
    expect(await seriousA11yViolations(page), 'error banner').toEqual([])
    await alert.screenshot({ path: testInfo.outputPath('update-banner-error.png') })

    feed.failCheck = null
    await alert.getByRole('button', { name: 'Check again' }).click()
    await expect(updatesCard(page).getByTestId('update-status')).toHaveText(
      /^You have the latest version/
    )
    await expect(banner(page)).toHaveCount(0)
    expect(feed.calls).toEqual(['check', 'check'])
  })

  test('off: no banner, no checks; Check now still asks once', async ({ cairn }) => {
    test.skip(!cairn.updates, 'the update feed is a browser-harness double')
    const feed = cairn.updates!
    const page = cairn.page
    await new AppPage(page).gotoSettings()
    const card = updatesCard(page)
    await card.getByRole('radio', { name: /^Off/ }).check()
    await expect(card.getByTestId('update-status')).toHaveText(
      'Updates are off: Cairn does not check for new versions. Check now still asks once.'
    )
    feed.offer = { version: '0.2.0', notes: null }
    await card.getByRole('button', { name: 'Check now' }).click()
    await expect(banner(page)).toContainText('Cairn 0.2.0 is available')
    // Off never downloads by itself.
    expect(feed.calls).toEqual(['check'])
  })
})

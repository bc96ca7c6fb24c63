import type { Page } from '@playwright/test'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'

/*
 * Hostile pages and requests, wherever they can run. Real Electron (the electron project) checks
 * the main-process guards end to end; the browser harness checks the parts that live outside
 * Electron: the registry's sender check (a frame that is not our page) and window.open.
 */

// Specs compile without the DOM lib: the page's globals are typed by hand.
interface Bound {
  __cairnInvoke?: (channel: string, input: unknown) => Promise<unknown>
  cairn: { app: { info(): Promise<unknown> } }
  open(url: string): unknown
  location: { href: string }
}
interface PermissionGlobals {
  Notification: { requestPermission(): Promise<string> }
  navigator: {
    mediaDevices?: { getUserMedia(constraints: unknown): Promise<unknown> }
    geolocation: { getCurrentPosition(ok: () => void, fail: () => void): void }
  }
}

const isElectron = () => test.info().project.name === 'electron'

async function windowCount(page: Page): Promise<number> {
  return page.context().pages().length
}

test.describe('Security', () => {
  test('window.open from the page opens nothing', async ({ cairn }) => {
    test.skip(
      !isElectron(),
      "a plain browser opens popups (Electron's setWindowOpenHandler is what denies them; see the next test)"
    )
    await new AppPage(cairn.page).waitForReady()
    const before = await windowCount(cairn.page)
    const opened = await cairn.page.evaluate(() => {
      const targets = ['https://evil.example/', 'file:///etc/passwd', 'about:blank', 'app://cairn/']
      return targets.map((url) => (globalThis as unknown as Bound).open(url) !== null)
    })
    expect(opened).toEqual([false, false, false, false])
    await cairn.page.waitForTimeout(500)
    expect(await windowCount(cairn.page)).toBe(before)
    // Nor the OS browser: links leave only through app:open-external, after the user confirmed.
    expect(await cairn.openedLinks()).toEqual([])
  })

  test('a window the page opens gets no line into main', async ({ cairn }) => {
    test.skip(isElectron(), 'in Electron no window opens at all (previous test)')
    await new AppPage(cairn.page).waitForReady()
    const [popup] = await Promise.all([
      cairn.page.waitForEvent('popup'),
      cairn.page.evaluate(
        (url) => void (globalThis as unknown as Bound).open(url),
        cairn.page.url()
      )
    ])
    await popup.waitForLoadState()
    const reach = await popup.evaluate(() => ({
      binding: typeof (globalThis as unknown as Bound).__cairnInvoke,
      cairn: typeof (globalThis as unknown as { cairn?: unknown }).cairn
    }))
    expect(reach).toEqual({ binding: 'undefined', cairn: 'undefined' })
    await popup.close()
  })

  for (const target of [
    'https://evil.example/',
    'file:///etc/passwd',
    'javascript:alert(document.domain)',
    'data:text/html,<h1>pwned</h1>'
  ]) {
    test(`a navigation to ${target.slice(0, 24)} is refused`, async ({ cairn }) => {
      test.skip(
        !isElectron(),
        'navigation guards are will-navigate handlers in Electron main; a plain browser has none'
      )
      await new AppPage(cairn.page).waitForReady()
      const home = cairn.page.url()
      expect(home).toBe('app://cairn/index.html')
      await cairn.page.evaluate((url) => {
        ;(globalThis as unknown as Bound).location.href = url
      }, target)
      await cairn.page.waitForTimeout(500)
      expect(cairn.page.url()).toBe(home)
      await new AppPage(cairn.page).waitForReady()
    })
  }

  test('every permission request is denied', async ({ cairn }) => {
    test.skip(!isElectron(), "permissions are the browser's here, not the app's session handler")
    await new AppPage(cairn.page).waitForReady()
    const answers = await cairn.page.evaluate(async () => {
      const { Notification, navigator } = globalThis as unknown as PermissionGlobals
      const notification = await Notification.requestPermission()
      const media = await navigator.mediaDevices
        ?.getUserMedia({ audio: true })
        .then(() => 'granted')
        .catch(() => 'denied')
      const geo = await new Promise<string>((resolve) =>
        navigator.geolocation.getCurrentPosition(
          () => resolve('granted'),
          () => resolve('denied')
        )
      )
      return { notification, media: media ?? 'denied', geo }
    })
    expect(answers).toEqual({ notification: 'denied', media: 'denied', geo: 'denied' })
  })

  test('our page calling main is answered; a frame that is not our page is refused', async ({
    cairn
  }) => {
    test.skip(
      isElectron(),
      'in Electron the page CSP forbids frames; the sender check is unit-tested with the electron mock'
    )
    const page = cairn.page
    await new AppPage(page).waitForReady()
    const ours = page.url()
    expect(
      await page.evaluate(() => (globalThis as unknown as Bound).cairn.app.info())
    ).toMatchObject({
      name: 'Cairn'
    })

    // Our page embedded in a frame of another origin: a sub-frame, refused.
    await page.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>evil</title><iframe name="victim" src="${ours}"></iframe>`
      })
    )
    await page.goto('http://evil.test/')
    const evilAnswer = await page.evaluate(async () => {
      const invoke = (globalThis as unknown as Bound).__cairnInvoke
      return invoke ? await invoke('app:info', undefined) : 'no binding'
    })
    expect(evilAnswer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })

    const frame = page.frame({ name: 'victim' })
    if (!frame) throw new Error('the frame did not load')
    await frame.waitForLoadState()
    const framed = await frame.evaluate(() =>
      (globalThis as unknown as Bound).cairn.app.info().then(
        () => 'answered',
        (error: { code?: string }) => error.code ?? 'failed'
      )
    )
    expect(framed).toBe('FORBIDDEN_SENDER')
    const direct = await frame.evaluate(() =>
      (globalThis as unknown as Bound).__cairnInvoke?.('app:diagnostics', undefined)
    )
    expect(direct).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })

    // Back on our own page, main answers again.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.goto(ours)
    await new AppPage(page).waitForReady()
    expect(
      await page.evaluate(() => (globalThis as unknown as Bound).cairn.app.info())
    ).toMatchObject({
      name: 'Cairn'
    })
  })
})

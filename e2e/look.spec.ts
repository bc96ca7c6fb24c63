import { AppPage, type ViewName } from './pages/app-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const VIEWS: ViewName[] = ['Chat', 'Memory', 'Settings']

for (const scheme of ['light', 'dark'] as const) {
  test(`every view in ${scheme}: no serious accessibility findings, screenshot kept`, async ({
    cairn
  }, testInfo) => {
    await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await cairn.page.setViewportSize({ width: 1200, height: 780 })
    const app = new AppPage(cairn.page)
    for (const view of VIEWS) {
      await app.goto(view)
      expect(await seriousA11yViolations(cairn.page), `${view} in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `${view.toLowerCase()}-${scheme}`)
    }
    // The smallest supported window still shows the whole frame.
    await cairn.page.setViewportSize({ width: 900, height: 600 })
    await app.goto('Settings')
    await captureView(cairn.page, testInfo, `settings-${scheme}-900x600`)
  })
}

import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, horizontalOverflow, seriousA11yViolations } from './support/page-checks'

test.describe('Layout at 900×600', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`panes collapse, nothing overflows, the welcome card reads normally (${scheme})`, async ({
      cairn
    }, testInfo) => {
      test.setTimeout(90_000) // axe and screenshots
      const page = cairn.page
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await page.setViewportSize({ width: 900, height: 600 })
      const app = new AppPage(page)
      await app.waitForReady()

      // A narrow window starts with the sidebar as a rail: icons, names kept for screen readers.
      const sidebar = page.getByRole('navigation', { name: 'Cairn' })
      expect((await sidebar.boundingBox())!.width).toBeLessThan(80)
      await expect(page.getByRole('tab', { name: /Memory/ })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()

      // The welcome card: three cards stacked, each wide enough to read (no word-per-line).
      const welcome = page.getByRole('region', { name: 'Welcome to Cairn' })
      await expect(welcome).toBeVisible()
      for (const card of await welcome.getByRole('listitem').all())
        expect((await card.boundingBox())!.width).toBeGreaterThan(400)
      expect(await horizontalOverflow(page)).toEqual([])
      expect(await seriousA11yViolations(page), `welcome at 900×600 in ${scheme}`).toEqual([])
      await captureView(page, testInfo, `narrow-welcome-${scheme}`)

      // Ctrl/Cmd+Shift+B hides the conversation list; the header offers it back and a New chat.
      const list = page.getByRole('complementary', { name: 'Conversations' })
      await expect(list).toBeVisible()
      await page.keyboard.press('ControlOrMeta+Shift+B')
      await expect(list).toBeHidden()
      const chat = new ChatPage(page)
      await expect(page.getByRole('button', { name: 'Show conversations' })).toBeVisible()

      // Ctrl/Cmd+B opens the full sidebar; both choices are remembered across a reload.
      await page.keyboard.press('ControlOrMeta+B')
      await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
      expect((await sidebar.boundingBox())!.width).toBeGreaterThan(200)
      await page.reload()
      await app.waitForReady()
      await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
      await expect(list).toBeHidden()
      await page.getByRole('button', { name: 'Collapse sidebar' }).click()
      await page.getByRole('button', { name: 'Show conversations' }).click()
      await expect(list).toBeVisible()
      await expect(chat.log()).toBeHidden()

      for (const view of ['Memory', 'Settings'] as const) {
        await app.goto(view)
        expect(await horizontalOverflow(page), `${view} at 900×600`).toEqual([])
        expect(await seriousA11yViolations(page), `${view} at 900×600 in ${scheme}`).toEqual([])
        await captureView(page, testInfo, `narrow-${view.toLowerCase()}-${scheme}`)
      }
    })
  }
})

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage, type ViewName } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { memory, reply, text } from './fake-anthropic'
import { expect, test } from './support/app-fixture'
import { captureView, horizontalOverflow, seriousA11yViolations } from './support/page-checks'

const VIEWS: ViewName[] = ['Chat', 'Memory', 'Settings']

for (const scheme of ['light', 'dark'] as const) {
  test(`every view in ${scheme}: no serious accessibility findings, screenshot kept`, async ({
    cairn
  }, testInfo) => {
    test.setTimeout(120_000) // axe and a screenshot per view, twice over
    await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await cairn.page.setViewportSize({ width: 1200, height: 780 })
    const folder = join(cairn.userDataDir, 'memories')
    await mkdir(join(folder, 'projects'), { recursive: true, mode: 0o700 })
    await writeFile(
      join(folder, 'about-me.md'),
      '# About me\n\n- Prefers short answers\n- Lives in Lyon\n'
    )
    await writeFile(
      join(folder, 'projects', 'cairn.md'),
      '---\nexpires: 2001-01-01\n---\nShip it.\n'
    )
    const app = new AppPage(cairn.page)
    const chat = new ChatPage(cairn.page)
    // First run: no key yet, so Chat opens on the welcome card.
    await app.waitForReady()
    await expect(cairn.page.getByRole('region', { name: 'Welcome to Cairn' })).toBeVisible()
    expect(await seriousA11yViolations(cairn.page), `welcome in ${scheme}`).toEqual([])
    await captureView(cairn.page, testInfo, `welcome-${scheme}`)
    if (cairn.anthropic) {
      cairn.anthropic.script(
        reply([text('Noted. '), memory({ command: 'view', path: '/memories' })]),
        reply(
          'Here is a **plan** for Lyon:\n\n| Day | Idea |\n| --- | --- |\n| 1 | Vieux Lyon |\n\n```ts\nconst trip = { city: "Lyon", month: 5 }\n```'
        )
      )
      await chat.useSessionKey('sk-ant-api03-example-key-7Qx4')
      await chat.newChat()
      // After the first answer a cheap model names the chat (a generated title).
      cairn.anthropic.scriptTitles(reply('Three days in Lyon'))
      await chat.send('Plan my trip to Lyon')
      await expect(chat.log()).toContainText('Vieux Lyon')
      await expect(chat.headerTitle()).toHaveText('Three days in Lyon')
    }
    for (const view of VIEWS) {
      await app.goto(view)
      if (view === 'Memory') await new MemoryPage(cairn.page).open('about-me.md')
      expect(await seriousA11yViolations(cairn.page), `${view} in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `${view.toLowerCase()}-${scheme}`)
    }
    // The smallest supported window: every view fits its width (no sideways scrolling anywhere).
    await cairn.page.setViewportSize({ width: 900, height: 600 })
    for (const view of VIEWS) {
      await app.goto(view)
      expect(await horizontalOverflow(cairn.page), `${view} at 900×600`).toEqual([])
      await captureView(cairn.page, testInfo, `${view.toLowerCase()}-${scheme}-900x600`)
    }
  })
}

import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

const LONG = `rows = [${Array.from({ length: 40 }, (_, i) => `"value-${i}"`).join(', ')}]`
const SHORT = 'print("hi")'

test('code blocks: Copy always shown and reachable by keyboard, a wrap toggle, a long block focusable', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(60_000)
  await cairn.page.setViewportSize({ width: 1280, height: 800 })
  cairn.anthropic!.script(
    reply(
      `A long line:\n\n\`\`\`python\n${LONG}\n\`\`\`\n\nA short one:\n\n\`\`\`\n${SHORT}\n\`\`\``
    )
  )
  const chat = new ChatPage(cairn.page)
  await new AppPage(cairn.page).goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Show me code')

  const long = chat.log().getByRole('group', { name: 'python code' })
  const short = chat.log().getByRole('group', { name: 'Code', exact: true })
  await expect(long).toBeVisible()
  await expect(short).toBeVisible()
  // Copy is there without hovering.
  const copy = long.getByRole('button', { name: 'Copy' })
  await expect(copy).toBeVisible()
  await expect(copy).toHaveCSS('opacity', '1')
  // The long block scrolls sideways, so the keyboard can reach it; the short one needs no stop.
  await expect(long.locator('pre')).toHaveAttribute('tabindex', '0')
  await expect(short.locator('pre')).not.toHaveAttribute('tabindex', /.*/)

  for (const scheme of ['light', 'dark'] as const) {
    await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    expect(await seriousA11yViolations(cairn.page), scheme).toEqual([])
    await captureView(cairn.page, testInfo, `code-blocks-${scheme}`)
  }

  // Keyboard only: from the long block, Tab reaches Wrap and Copy; Enter copies.
  await long.locator('pre').focus()
  await cairn.page.keyboard.press('Shift+Tab')
  await expect(copy).toBeFocused()
  await cairn.page.keyboard.press('Enter')
  await expect.poll(() => cairn.copiedText()).toBe(LONG)
  await expect(long.getByRole('button', { name: 'Copied' })).toBeVisible()

  // Wrap: the long line folds, nothing scrolls, so the block leaves the tab order.
  const wrap = long.getByRole('button', { name: 'Wrap lines' })
  await expect(wrap).toHaveAttribute('aria-pressed', 'false')
  await wrap.click()
  await expect(wrap).toHaveAttribute('aria-pressed', 'true')
  await expect
    .poll(() => long.locator('pre').evaluate((el) => el.scrollWidth - el.clientWidth))
    .toBeLessThanOrEqual(1)
  await expect(long.locator('pre')).not.toHaveAttribute('tabindex', /.*/)
  await cairn.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await captureView(cairn.page, testInfo, 'code-blocks-wrapped-light')
})

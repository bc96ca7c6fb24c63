import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// The fixture fails any test that caused a Content-Security-Policy violation: KaTeX's chunk, its
// stylesheet and its fonts must all load under the strict policy.
test.describe('Markdown', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`math renders with KaTeX and code blocks name their language (${scheme})`, async ({
      cairn
    }, testInfo) => {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      cairn.anthropic!.script(
        reply(
          'The area is $A = \\pi r^2$, so for $r = 2$ it is about $12.57$ (it cost $5 to print).\n\n' +
            '$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$\n\n' +
            '```python\nprint(3.14159 * 2 ** 2)\n```'
        )
      )
      const chat = new ChatPage(cairn.page)
      await new AppPage(cairn.page).goto('Chat')
      await chat.useSessionKey()
      await chat.newChat()
      await chat.send('Area of a circle?')

      const answer = chat.log()
      await expect(answer.locator('.katex-display')).toHaveCount(1)
      await expect(answer.locator('.katex')).toHaveCount(4) // three inline, one display
      await expect(answer).toContainText('it cost $5 to print')
      // KaTeX's stylesheet arrived with its chunk: the formula is laid out, not raw MathML text.
      const fraction = answer.locator('.katex-display .mfrac').first()
      await expect(fraction).toBeVisible()
      await expect(answer.locator('.katex-html').first()).not.toHaveCSS('display', 'none')
      // katex.css hides the MathML copy visually and keeps it for screen readers.
      await expect(answer.locator('.katex-mathml').first()).toHaveCSS('position', 'absolute')
      await expect(answer.locator('.code-language')).toHaveText('python')

      expect(await seriousA11yViolations(cairn.page), `markdown in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `markdown-${scheme}`)
    })
  }
})

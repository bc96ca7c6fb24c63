import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'

interface CspGlobals {
  __cspViolations?: string[]
}

/**
 * Records every Content-Security-Policy violation the page reports, from its first script on, so a
 * library that injects <style> or eval'd code fails the spec instead of silently losing its styles.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      fromConsole.push(message.text())
  })
  await page.addInitScript(`{
    const store = (globalThis.__cspViolations = [])
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline'))
    })
  }`)
  return async () => {
    const inPage = await page
      .evaluate(() => (globalThis as CspGlobals).__cspViolations ?? [])
      .catch(() => [] as string[])
    return [...inPage, ...fromConsole]
  }
}

/**
 * What one axe scan may take: a large view is seconds of CPU on a quiet machine and many times
 * that on a busy two-core one. Each scan brings its own budget, so a test's timeout stays sized to
 * its other work and a slow scan never eats it.
 */
const AXE_SCAN_BUDGET_MS = 30_000

/** axe-core on the current page: the serious and critical findings, one readable line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const info = test.info()
  if (info.timeout > 0) info.setTimeout(info.timeout + AXE_SCAN_BUDGET_MS)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`
    )
}

/** A full-window screenshot kept with the test's results (and attached to its report). */
/** The captures the README shows (docs/screenshots). */
const README_SHOTS = [
  'welcome-light',
  'chat-light',
  'memory-light',
  'settings-dark',
  // The model picker and the thinking control (e2e/models.spec.ts).
  'models-sonnet',
  'models-haiku',
  'models-web'
]

export async function captureView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, animations: 'disabled' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
  // `npm run screenshots` keeps the README's pictures of the real UI up to date.
  const readme = process.env.CAIRN_README_SCREENSHOTS
  if (readme && README_SHOTS.includes(name)) await copyFile(path, join(readme, `${name}.png`))
}

/** The two window sizes every visual change is looked at in (900×600 and 1280×800). */
export const LOOK_SIZES = [
  { width: 900, height: 600 },
  { width: 1280, height: 800 }
] as const

/**
 * Visible elements whose content is wider than their box without a way to scroll to it (clipped
 * sideways), plus the page itself scrolling sideways. Empty when the layout fits.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  // A string, so the DOM types are not needed in this Node-typed file.
  return page.evaluate(`(() => {
    const found = []
    const root = document.scrollingElement
    if (root && root.scrollWidth > root.clientWidth + 1) found.push('page scrolls sideways')
    for (const el of document.querySelectorAll('[role="tabpanel"]:not([hidden]) *, nav *')) {
      if (!el.checkVisibility || !el.checkVisibility()) continue
      const style = getComputedStyle(el)
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue
      if (el.closest('pre, code, .cm-editor, [data-allow-overflow]')) continue
      if (style.textOverflow === 'ellipsis') continue
      const rect = el.getBoundingClientRect()
      if (rect.right > window.innerWidth + 1)
        found.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.')) + ' ends at ' + Math.round(rect.right) + 'px')
    }
    return found.slice(0, 10)
  })()`)
}

/**
 * The window as it is, in light and dark at 900×600 and 1280×800: axe finds nothing serious,
 * nothing is clipped sideways, and each is kept as `<name>-<scheme>-<size>.png` to look at.
 * Leaves the page light, at 1280×800.
 */
export async function checkEveryLook(
  page: Page,
  testInfo: TestInfo,
  name: string,
  /** Scrolled into view at each size, when the part to look at may be below the fold. */
  focus?: Locator
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    for (const { width, height } of LOOK_SIZES) {
      await page.setViewportSize({ width, height })
      await focus?.scrollIntoViewIfNeeded()
      expect(await seriousA11yViolations(page), `${name} in ${scheme}`).toEqual([])
      expect(await horizontalOverflow(page), `${name} at ${width}×${height}`).toEqual([])
      await captureView(page, testInfo, `${name}-${scheme}-${width}x${height}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
}

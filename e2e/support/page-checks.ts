import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'

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

/** axe-core on the current page: the serious and critical findings, one readable line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
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
export async function captureView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, animations: 'disabled' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

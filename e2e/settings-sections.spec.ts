import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'
import { captureView } from './support/page-checks'

const SECTIONS = ['General', 'Models', 'Memory', 'Expiry', 'Privacy', 'Advanced']

test('the sidebar jumps to each part of Settings', async ({ cairn }, testInfo) => {
  await cairn.page.setViewportSize({ width: 1280, height: 800 })
  const settings = await new AppPage(cairn.page).gotoSettings()
  for (const name of SECTIONS) {
    await settings.sectionLink(name).click()
    await expect(settings.sectionLink(name)).toHaveAttribute('aria-current', 'true')
    await expect(settings.part(name).getByRole('heading', { level: 2 }).first()).toBeInViewport()
  }
  await expect(settings.part('Expiry').getByRole('region', { name: 'Expiry' })).toBeVisible()
  await expect(settings.part('Privacy').getByRole('region', { name: 'Secret guard' })).toBeVisible()
  await settings.sectionLink('Models').click()
  await captureView(cairn.page, testInfo, 'settings-sections-models')
  // Scrolling by hand: the sidebar follows the part in view.
  for (const name of ['Expiry', 'Memory', 'General']) {
    await settings
      .part(name)
      .getByRole('heading', { level: 2 })
      .first()
      .evaluate((h) => h.scrollIntoView({ block: 'start' }))
    await expect(settings.sectionLink(name)).toHaveAttribute('aria-current', 'true')
  }
  // A narrow window: the sections sit in a row above the cards, and still jump.
  await cairn.page.setViewportSize({ width: 800, height: 600 })
  await settings.sectionLink('Privacy').click()
  await expect(settings.part('Privacy').getByRole('heading', { level: 2 }).first()).toBeInViewport()
  await captureView(cairn.page, testInfo, 'settings-sections-800')
})

/** The page's background in each theme (`--bg`). */
const LIGHT_BG = 'rgb(245, 244, 240)'
const DARK_BG = 'rgb(26, 25, 23)'

test('the theme applies at once, with no Save', async ({ cairn }, testInfo) => {
  const settings = await new AppPage(cairn.page).gotoSettings()
  const appearance = settings.section('Appearance')
  const body = cairn.page.locator('body')
  // "System" follows the OS both ways; an explicit choice wins over it.
  await cairn.page.emulateMedia({ colorScheme: 'dark' })
  await expect(body).toHaveCSS('background-color', DARK_BG)
  await cairn.page.emulateMedia({ colorScheme: 'light' })
  await expect(body).toHaveCSS('background-color', LIGHT_BG)
  await appearance.getByRole('radio', { name: 'Dark', exact: true }).check()
  await expect(cairn.page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(body).toHaveCSS('background-color', DARK_BG)
  await expect(settings.saveButton()).toBeDisabled()
  await captureView(cairn.page, testInfo, 'settings-dark-at-once')
  // It was saved, not only shown: a reload keeps it.
  await cairn.page.reload()
  await new AppPage(cairn.page).gotoSettings()
  await expect(cairn.page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('settings speak plain words, not engineering terms', async ({ cairn }) => {
  const settings = await new AppPage(cairn.page).gotoSettings()
  const text = await cairn.page.getByRole('tabpanel', { name: 'Settings' }).innerText()
  for (const jargon of ['tool results', 'system prompt', 'expires:', 'Context editing', 'Caps on'])
    expect(text, `"${jargon}" in Settings`).not.toContain(jargon)
  await expect(settings.section('Long conversations')).toBeVisible()
})

test('"Opened in your file manager" goes away after a few seconds', async ({ cairn }) => {
  const settings = await new AppPage(cairn.page).gotoSettings()
  await settings.openMemoryFolder()
  await expect(settings.folderStatus()).toContainText('Opened in your file manager')
  await expect(settings.folderStatus()).toBeHidden({ timeout: 8000 })
})

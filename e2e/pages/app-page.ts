import { expect, type Locator, type Page } from '@playwright/test'
import { SettingsPage } from './settings-page'

export type ViewName = 'Chat' | 'Memory' | 'Settings'

/** The app frame: the sidebar tablist and whichever view is showing. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** The sidebar nav (role=tablist named "Views"). */
  tabs(): Locator {
    return this.page.getByRole('tablist', { name: 'Views' })
  }

  tab(name: ViewName): Locator {
    return this.tabs().getByRole('tab', { name, exact: true })
  }

  /** The frame is up and the first settings load has finished (or failed and said so). */
  async waitForReady(): Promise<void> {
    await expect(this.tabs()).toBeVisible()
    await expect(this.page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true')
  }

  async gotoSettings(): Promise<SettingsPage> {
    await this.goto('Settings')
    const settings = new SettingsPage(this.page)
    await settings.waitForLoaded()
    return settings
  }

  async gotoChat(): Promise<void> {
    await this.goto('Chat')
  }

  async gotoMemory(): Promise<void> {
    await this.goto('Memory')
  }

  /** The visible view's heading (hidden tab panels are not matched). */
  currentView(): Locator {
    return this.page.getByRole('tabpanel').getByRole('heading', { level: 1 })
  }

  async goto(name: ViewName): Promise<void> {
    await this.waitForReady()
    await this.tab(name).click()
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true')
    await expect(this.currentView()).toHaveText(name)
  }
}

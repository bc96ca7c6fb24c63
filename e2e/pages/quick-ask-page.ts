import type { Locator, Page } from '@playwright/test'

/** The quick-ask window (#quick-ask): one question box, the answer below, its three buttons. */
export class QuickAskPage {
  constructor(readonly page: Page) {}

  input(): Locator {
    return this.page.getByRole('textbox', { name: 'Ask Claude' })
  }

  async ask(question: string): Promise<void> {
    await this.input().fill(question)
    await this.input().press('Enter')
  }

  log(): Locator {
    return this.page.getByRole('log', { name: 'Messages' })
  }

  chip(name: string | RegExp): Locator {
    return this.log().getByRole('button', { name })
  }

  openInCairn(): Locator {
    return this.page.getByRole('button', { name: 'Open in Cairn' })
  }

  newQuestion(): Locator {
    return this.page.getByRole('button', { name: 'New' })
  }
}

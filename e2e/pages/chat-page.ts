import { expect, type Locator, type Page } from '@playwright/test'

/** The chat view: conversations, the message log, the composer and memory chips. */
export class ChatPage {
  constructor(readonly page: Page) {}

  view(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Chat' })
  }

  /** What is happening before the answer shows ("Claude is thinking…", a retry countdown). */
  status(): Locator {
    return this.view().getByRole('status', { name: 'Reply status' })
  }

  /** A key kept for this session only, set through the app's own bridge (setup, not under test). */
  async useSessionKey(apiKey = 'sk-ant-e2e-chat'): Promise<void> {
    await this.page.evaluate(
      (key) =>
        (
          globalThis as unknown as {
            cairn: { secrets: { setApiKey(i: object): Promise<unknown> } }
          }
        ).cairn.secrets.setApiKey({ apiKey: key, sessionOnly: true }),
      apiKey
    )
  }

  async newChat(): Promise<void> {
    await this.view().getByRole('button', { name: 'New chat', exact: true }).click()
    await expect(this.composer()).toBeVisible()
  }

  composer(): Locator {
    return this.view().getByRole('textbox', { name: 'Message Claude' })
  }

  async send(text: string): Promise<void> {
    await this.composer().fill(text)
    await this.composer().press('Enter')
  }

  log(): Locator {
    return this.view().getByRole('log', { name: 'Messages' })
  }

  chip(name: string | RegExp): Locator {
    return this.log().getByRole('button', { name })
  }

  openChipFile(path: string): Locator {
    return this.log().getByRole('button', { name: `Open ${path} in the memory inspector` })
  }

  stopButton(): Locator {
    return this.view().getByRole('button', { name: 'Stop' })
  }
}

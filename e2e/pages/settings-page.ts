import { expect, type Locator, type Page } from '@playwright/test'

export type SettingsField =
  | 'model'
  | 'maxTokens'
  | 'maxToolRounds'
  | 'maxFileBytes'
  | 'maxTotalBytes'
  | 'maxFiles'
  | 'maxReadChars'
  | 'expiryDays'
  | 'triggerTokens'
  | 'keepToolUses'
  | 'memoryGuidance'
  | 'customInstructions'

/*
 * The visible labels of the settings fields, as src/renderer/src/features/settings/field-labels.ts
 * defines them (a renderer unit test checks the two agree; the e2e tsconfig cannot import it).
 */
const FIELD_LABELS: Record<SettingsField, string> = {
  model: 'Model',
  maxTokens: 'Max output tokens',
  maxToolRounds: 'Max memory rounds per message',
  maxFileBytes: 'Max file size',
  maxTotalBytes: 'Max folder size',
  maxFiles: 'Max number of files',
  maxReadChars: 'Max characters per read',
  expiryDays: 'Expire after (days)',
  triggerTokens: 'Start when a conversation reaches (tokens)',
  keepToolUses: 'Latest look-ups to keep',
  memoryGuidance: 'Memory guidance',
  customInstructions: 'Custom instructions'
}

/** The Settings view. Get one from `AppPage.gotoSettings()`, which waits for it to load. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  /** A titled card, e.g. "API key" or "Memory folder". */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true })
  }

  /** A link in the section sidebar (General, Models, Memory, Expiry, Privacy, Advanced). */
  sectionLink(name: string): Locator {
    return this.page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name, exact: true })
  }

  /** A part of Settings the sidebar jumps to, named by its heading. */
  part(name: string): Locator {
    return this.page.locator('section[id^="settings-section-"]').filter({
      has: this.page.getByRole('heading', { name, exact: true, level: 2 })
    })
  }

  /** Settings and the key status have been read from main. */
  async waitForLoaded(): Promise<void> {
    await expect(this.field('model')).toBeVisible()
    await expect(this.apiKeyStatus()).not.toHaveText(/Checking/)
  }

  // ---- API key ----

  apiKeyInput(): Locator {
    return this.section('API key').getByLabel('API key', { exact: true })
  }

  /** Fills the masked input and presses "Save key"; returns once main has answered. */
  async setApiKey(key: string): Promise<void> {
    await this.apiKeyInput().fill(key)
    await this.section('API key').getByRole('button', { name: 'Save key', exact: true }).click()
    await this.waitForKeyAnswer()
  }

  /** After a KEYCHAIN_UNAVAILABLE failure: "Keep for this session only". */
  async keepKeyForSessionOnly(): Promise<void> {
    await this.apiKeyError()
      .getByRole('button', { name: 'Keep for this session only', exact: true })
      .click()
    await this.waitForKeyAnswer()
  }

  /** "Remove key" (absent when no key is set or it comes from ANTHROPIC_API_KEY). */
  async clearApiKey(): Promise<void> {
    const remove = this.section('API key').getByRole('button', { name: 'Remove key', exact: true })
    await remove.click()
    // Success removes the button (nothing left to clear); failure shows an alert.
    await expect(async () => {
      const gone = !(await remove.isVisible())
      const failed = await this.apiKeyError().isVisible()
      expect(gone || failed, 'the key was neither cleared nor refused').toBe(true)
    }).toPass()
  }

  /** "Configured — stored in the system keychain · ends in 1234", or "Not set — …". */
  apiKeyStatus(): Locator {
    return this.page.getByRole('status', { name: 'API key status', exact: true })
  }

  apiKeyError(): Locator {
    return this.section('API key').getByRole('alert')
  }

  private async waitForKeyAnswer(): Promise<void> {
    // Success empties the input; failure shows an alert. Either way main has answered.
    await expect(async () => {
      const cleared = (await this.apiKeyInput().inputValue()) === ''
      const failed = await this.apiKeyError().isVisible()
      expect(cleared || failed, 'the key was neither accepted nor refused').toBe(true)
    }).toPass()
    await expect(this.section('API key').locator('[aria-busy="true"]')).toHaveCount(0)
  }

  // ---- Settings fields ----

  field(name: SettingsField): Locator {
    return this.page.getByRole('textbox', { name: FIELD_LABELS[name], exact: true })
  }

  async setField(name: SettingsField, value: string): Promise<void> {
    await this.field(name).fill(value)
  }

  /** The inline error under a field (present only while the value is invalid). */
  fieldError(name: SettingsField): Locator {
    return this.page.locator(`[id="field-${name}-error"]`)
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save', exact: true })
  }

  /** Presses Save and waits for main's answer ("Saved." or "Could not save: …"). */
  async save(): Promise<void> {
    await this.saveButton().click()
    await expect(this.saveStatus()).toHaveText(/^(Saved\.|Could not save)/)
  }

  saveStatus(): Locator {
    return this.page.getByRole('status', { name: 'Save status', exact: true })
  }

  /** The app-wide banner shown when a corrupt settings file was moved aside. */
  notice(): Locator {
    return this.page.getByRole('alert', { name: 'Settings were reset to defaults', exact: true })
  }

  async dismissNotice(): Promise<void> {
    await this.notice().getByRole('button', { name: 'Dismiss', exact: true }).click()
  }

  // ---- Memory folder ----

  openMemoryFolderButton(): Locator {
    return this.section('Memory folder').getByRole('button', {
      name: 'Open memory folder',
      exact: true
    })
  }

  async openMemoryFolder(): Promise<void> {
    await this.openMemoryFolderButton().click()
    await expect(this.folderStatus()).toBeVisible()
  }

  /** "Opened in your file manager: …" or why it could not be opened. */
  folderStatus(): Locator {
    return this.section('Memory folder').getByRole('status', {
      name: 'Memory folder status',
      exact: true
    })
  }
}

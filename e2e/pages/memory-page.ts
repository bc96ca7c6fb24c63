import { expect, type Locator, type Page } from '@playwright/test'

type Pane = 'File' | 'History' | 'Activity' | 'Expiry'

/** The memory inspector: the file tree, the editor, and the activity and expiry panes. */
export class MemoryPage {
  constructor(readonly page: Page) {}

  private view(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Memory' })
  }

  tree(): Locator {
    return this.view().getByRole('list', { name: 'Memory files' })
  }

  /** A file in the tree by its name (e.g. "notes.md"). */
  file(name: string): Locator {
    return this.tree().getByRole('button', { name: new RegExp(`^${escape(name)}`) })
  }

  async open(name: string): Promise<void> {
    await this.file(name).click()
    await expect(this.view().getByRole('heading', { level: 2 })).toContainText(name)
  }

  editor(): Locator {
    return this.view().getByRole('textbox', { name: /^Contents of/ })
  }

  async replaceText(text: string): Promise<void> {
    await this.editor().click()
    await this.page.keyboard.press('ControlOrMeta+a')
    await this.page.keyboard.type(text)
  }

  async save(): Promise<void> {
    await this.view().getByRole('button', { name: 'Save', exact: true }).click()
    await expect(this.view().getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  }

  async showPane(pane: Pane): Promise<void> {
    await this.view().getByRole('button', { name: pane, exact: true }).click()
  }

  expiring(): Locator {
    return this.view().getByRole('list', { name: 'Files that will expire' })
  }

  activity(): Locator {
    return this.view().getByRole('list', { name: 'Memory activity' })
  }

  /** The History pane's list of versions of the open file. */
  versions(): Locator {
    return this.view().getByRole('list', { name: 'Versions' })
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

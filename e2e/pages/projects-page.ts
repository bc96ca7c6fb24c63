import { expect, type Locator, type Page } from '@playwright/test'

type Choice = 'Keep the folder' | 'Archive it' | 'Delete it with its history'

/** Projects in the chat view's sidebar, their dialogs, and Memory's space switcher. */
export class ProjectsPage {
  constructor(readonly page: Page) {}

  list(): Locator {
    return this.page.getByRole('list', { name: 'Conversation list' })
  }

  /** A project's group toggle ("Acme, 2 chats"). */
  groupToggle(name: string): Locator {
    return this.list().getByRole('button', { name: new RegExp(`^${name}, \\d+ chats?$`) })
  }

  /** The chats listed under a project (or "No project"). */
  group(name: string): Locator {
    return this.list().getByRole('list', { name, exact: true })
  }

  newProjectDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'New project' })
  }

  /** Opens New project and fills the name (and instructions); the caller picks a folder or not. */
  async startNewProject(name: string, instructions = ''): Promise<Locator> {
    await this.page.getByRole('button', { name: 'New project', exact: true }).click()
    const dialog = this.newProjectDialog()
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
    if (instructions) await dialog.getByRole('textbox', { name: 'Instructions' }).fill(instructions)
    return dialog
  }

  async create(dialog: Locator, name: string): Promise<void> {
    await dialog.getByRole('button', { name: 'Create project' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.groupToggle(name)).toBeVisible()
  }

  async openSettings(name: string): Promise<Locator> {
    await this.list()
      .getByRole('button', { name: `${name} settings`, exact: true })
      .click()
    const dialog = this.page.getByRole('dialog', { name: `${name}: project settings` })
    await expect(dialog).toBeVisible()
    return dialog
  }

  /** Move to project… from the chat's row, by keyboard: the row, then Tab to the button, Enter. */
  async moveChat(title: string, to: string): Promise<void> {
    const row = this.list().locator('[data-row]').filter({ hasText: title })
    const move = this.list().getByRole('button', { name: `Move ${title} to a project` })
    await row.focus()
    // The row's actions follow it in the Tab order (pin, rename, copy link, then move).
    for (
      let tabs = 0;
      tabs < 6 && !(await move.evaluate((el) => el === el.ownerDocument.activeElement));
      tabs++
    )
      await this.page.keyboard.press('Tab')
    await expect(move).toBeFocused()
    await this.page.keyboard.press('Enter')
    const dialog = this.page.getByRole('dialog', { name: `Move “${title}” to a project` })
    await dialog.getByRole('radio', { name: to }).check()
    await dialog.getByRole('button', { name: 'Move', exact: true }).click()
    await expect(dialog).toBeHidden()
  }

  /** Delete project… from its settings, with one of the three memory choices. */
  async deleteProject(name: string, choice: Choice): Promise<Locator> {
    const settings = await this.openSettings(name)
    await settings.getByRole('button', { name: 'Delete project…' }).click()
    const dialog = this.page.getByRole('dialog', { name: `Delete “${name}”?` })
    await expect(dialog.getByRole('radio', { name: /Keep the folder/ })).toBeChecked()
    await dialog.getByRole('radio', { name: new RegExp(choice) }).check()
    return dialog
  }

  spaceSwitcher(): Locator {
    return this.page
      .getByRole('tabpanel', { name: 'Memory' })
      .getByRole('combobox', { name: 'Memory space' })
  }
}

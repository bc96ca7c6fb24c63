import { expect, type Locator, type Page } from '@playwright/test'

type Pane = 'File' | 'History' | 'Activity' | 'Expiry' | 'Secrets'

/** The memory inspector: the file tree, the editor, and the activity and expiry panes. */
export class MemoryPage {
  constructor(readonly page: Page) {}

  view(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Memory' })
  }

  /** The file tree (a WAI-ARIA tree: only the rows in view are in the DOM). */
  tree(): Locator {
    return this.view().getByRole('tree', { name: 'Memory files' })
  }

  /** A file or folder in the tree by its name (e.g. "notes.md", "projects"). */
  file(name: string): Locator {
    return this.tree().getByRole('treeitem', { name: new RegExp(`^${escape(name)}`) })
  }

  async open(name: string): Promise<void> {
    // Only the rows in view are in the DOM: a file further down is found as a user would, by
    // typing its name in the tree (type-ahead scrolls it into view).
    await expect(this.tree().getByRole('treeitem').first()).toBeVisible()
    if ((await this.file(name).count()) === 0) {
      await this.tree().locator('[role="treeitem"][tabindex="0"]').focus()
      await this.page.keyboard.type(name)
    }
    await this.file(name).click()
    await expect(this.view().getByRole('heading', { level: 2 })).toContainText(name)
  }

  editor(): Locator {
    return this.view().getByRole('textbox', { name: /^Contents of/ })
  }

  async replaceText(text: string): Promise<void> {
    await this.editor().click()
    await this.page.keyboard.press('ControlOrMeta+a')
    // As pasted text: typed Enter keys would let the Markdown mode continue lists by itself.
    await this.page.keyboard.insertText(text)
  }

  async save(): Promise<void> {
    await this.view().getByRole('button', { name: 'Save', exact: true }).click()
    await expect(this.view().getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  }

  /** The message that memory is over a cap (in the message area above the editor). */
  capsMessage(): Locator {
    return this.view().getByRole('region', { name: 'Memory caps reached' })
  }

  /** The message that files wait for an answer to a sync conflict. */
  syncConflictsMessage(): Locator {
    return this.view().getByRole('region', { name: 'Sync conflicts' })
  }

  /** How many pixels of the editor are in view (its scroller, clipped to the window). */
  async editorVisibleHeight(): Promise<number> {
    const box = await this.scroller().boundingBox()
    const height = this.page.viewportSize()?.height ?? 0
    if (!box) return 0
    return Math.max(0, Math.min(box.y + box.height, height) - Math.max(box.y, 0))
  }

  /** The calm banner that says the open file changed on disk under unsaved edits. */
  conflictBanner(): Locator {
    return this.view().getByRole('alert').filter({ hasText: 'changed on disk' })
  }

  /** The message that a file with unsaved edits was deleted by someone else (e.g. "notes.md"). */
  deletedMessage(name: string): Locator {
    return this.view().getByRole('region', { name: `Unsaved draft of ${name}` })
  }

  saveButton(): Locator {
    return this.view().getByRole('button', { name: 'Save', exact: true })
  }

  /** The disk-vs-yours compare for a file (e.g. "notes.md"). */
  compare(name: string): Locator {
    return this.view().getByRole('region', { name: `Compare ${name}` })
  }

  /** CodeMirror's scrolling element (inside the editor's open shadow root). */
  private scroller(): Locator {
    return this.view().locator('.cm-scroller').first()
  }

  async scrollEditorTo(top: number): Promise<void> {
    await this.scroller().evaluate((el, y) => void (el.scrollTop = y), top)
  }

  /**
   * Resolves after two more painted frames: what an update just shown does next (an effect, a
   * scroll, a banner) has run. For checks that something did *not* happen.
   */
  async painted(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((done) => {
          const frame = (callback: () => void): void =>
            void (
              globalThis as unknown as { requestAnimationFrame(callback: () => void): number }
            ).requestAnimationFrame(callback)
          frame(() => frame(() => setTimeout(done, 0)))
        })
    )
  }

  editorScrollTop(): Promise<number> {
    return this.scroller().evaluate((el) => el.scrollTop)
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

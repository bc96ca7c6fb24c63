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

  /** The chat's header: "Chat", the open chat's title, its model and options. */
  header(): Locator {
    return this.view()
      .locator('header')
      .filter({ has: this.page.getByRole('heading', { name: 'Chat', level: 1 }) })
  }

  /** The open chat's title in the header. */
  headerTitle(): Locator {
    return this.header().locator('p').first()
  }

  /** A chat in the conversation list, by its title (a regex matches its start too). */
  listItem(title: string | RegExp): Locator {
    return this.page
      .getByRole('list', { name: 'Conversation list' })
      .getByRole('button', { name: title })
      .first()
  }

  /** Renames a chat through the list's Rename button and dialog. */
  async rename(from: string, to: string): Promise<void> {
    await this.listItem(from).hover()
    await this.page.getByRole('button', { name: `Rename ${from}`, exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Rename conversation' })
    await dialog.getByRole('textbox', { name: 'Title' }).fill(to)
    await dialog.getByRole('button', { name: 'Rename', exact: true }).click()
    await expect(dialog).toBeHidden()
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

  /** Shown once the user scrolls away from the newest message: back to it (with a count of new ones). */
  latestButton(): Locator {
    return this.view().getByRole('button', { name: /^Latest/ })
  }

  /** How far the message list is from its bottom, in px (0: the newest line is in view). */
  async distanceFromBottom(): Promise<number> {
    return this.log().evaluate((el) => Math.round(el.scrollHeight - el.clientHeight - el.scrollTop))
  }

  async scrollTop(): Promise<number> {
    return this.log().evaluate((el) => Math.round(el.scrollTop))
  }

  /** The mouse wheel over the message list (negative: up). */
  async wheel(deltaY: number): Promise<void> {
    const box = await this.log().boundingBox()
    if (!box) throw new Error('the message list is not shown')
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await this.page.mouse.wheel(0, deltaY)
  }

  /**
   * Watches the message list from inside the page, frame by frame, until `stop()` is called, which
   * answers the longest stretch the painted list stayed more than 8 px from its bottom, in frames
   * and in ms. A figure for the perf report, never an assertion: a busy machine stretches both.
   */
  async watchBottom(): Promise<{ stop(): Promise<{ frames: number; ms: number }> }> {
    const handle = await this.log().evaluateHandle((el) => {
      const longest = { frames: 0, ms: 0 }
      let run = { frames: 0, since: 0 }
      let watching = true
      const frame = (callback: () => void): void =>
        void (
          globalThis as unknown as { requestAnimationFrame(callback: () => void): number }
        ).requestAnimationFrame(callback)
      // After the frame's paint (a task queued from its animation frame callback): what was shown.
      const afterPaint = (): void => {
        if (!watching) return
        const now = performance.now()
        if (el.scrollHeight - el.clientHeight - el.scrollTop > 8) {
          run = run.frames === 0 ? { frames: 1, since: now } : { ...run, frames: run.frames + 1 }
          longest.frames = Math.max(longest.frames, run.frames)
          longest.ms = Math.max(longest.ms, Math.round(now - run.since))
        } else run = { frames: 0, since: 0 }
        frame(() => setTimeout(afterPaint, 0))
      }
      frame(() => setTimeout(afterPaint, 0))
      return {
        stop: () => {
          watching = false
          return longest
        }
      }
    })
    return { stop: () => handle.evaluate((watch) => watch.stop()) }
  }
}

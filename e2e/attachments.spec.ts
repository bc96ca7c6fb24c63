import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { reply, type RecordedRequest } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// Files through the composer: paste, drop and the file button, checked in main, stored with the
// conversation, sent to the (fake) API as image and document blocks.

const chart = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: '#2f7a4a' } })
    .png()
    .toBuffer()

/** A small, well-formed PDF of `pages` pages. */
function pdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')
  const body = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from(
      { length: pages },
      (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R >> endobj`
    )
  ]
  return Buffer.from(`%PDF-1.4\n${body.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1')
}

type FileSpec = { name: string; type: string; base64: string }
/** The page's DOM classes (this file is typed for Node, without the DOM library). */
type PageGlobals = {
  DataTransfer: new () => { items: { add(file: File): void } }
  ClipboardEvent: new (type: string, init: Record<string, unknown>) => Event
}

/** What the OS does on paste: a ClipboardEvent whose clipboardData carries files. */
async function paste(target: Locator, file: FileSpec): Promise<void> {
  await target.focus()
  await target.evaluate((element, f) => {
    const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
    const { DataTransfer, ClipboardEvent } = globalThis as unknown as PageGlobals
    const data = new DataTransfer()
    data.items.add(new File([bytes], f.name, { type: f.type }))
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    )
  }, file)
}

/** What the OS does on drop: dragover, then drop, with the files in a DataTransfer. */
async function drop(page: Page, target: Locator, file: FileSpec): Promise<void> {
  const data = await page.evaluateHandle((f) => {
    const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
    const { DataTransfer } = globalThis as unknown as PageGlobals
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], f.name, { type: f.type }))
    return transfer
  }, file)
  await target.dispatchEvent('dragover', { dataTransfer: data })
  await target.dispatchEvent('drop', { dataTransfer: data })
}

type Body = { messages: Array<{ role: string; content: Array<Record<string, unknown>> }> }
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Body

test.describe('Attachments', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('paste an image → thumbnail → sent as an image block → survives a restart → drop a PDF → sent as a document', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    const page = cairn.page
    const chat = new ChatPage(page)
    const app = new AppPage(page)
    await page.setViewportSize({ width: 1200, height: 780 })
    await app.goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()

    const png = await chart()
    // A screenshot pasted from the clipboard has no file name.
    await paste(chat.composer(), { name: '', type: 'image/png', base64: png.toString('base64') })
    const tray = page.getByRole('list', { name: 'Attached files' })
    const chip = tray.getByRole('listitem').filter({ hasText: 'pasted-1.png' })
    await expect(chip).toContainText('PNG · 120 × 80')
    await expect(chip.locator('img')).toHaveAttribute('src', /^data:image\/webp;base64,/)
    await expect(chip.getByRole('button', { name: 'Remove pasted-1.png' })).toBeVisible()

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `composer with a file, ${scheme}`).toEqual([])
      await captureView(page, testInfo, `attachments-composer-${scheme}`)
    }

    fake.script(reply('A green chart.'), reply('A two-page spec.'))
    await chat.send('Describe this chart')
    await expect(chat.log()).toContainText('A green chart.')
    const [first] = await fake.waitForMessageRequests(1)
    expect(first?.rejected).toBeNull()
    expect(bodyOf(first).messages[0]?.content).toEqual([
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') }
      },
      // The end of the request is a cache breakpoint (prompt caching).
      { type: 'text', text: 'Describe this chart', cache_control: { type: 'ephemeral' } }
    ])
    // The sent message shows its file; the composer's tray is empty again.
    const sent = chat.log().getByRole('list', { name: 'Attached files' })
    await expect(sent.getByRole('listitem')).toContainText('pasted-1.png')
    await expect(sent.locator('img')).toHaveAttribute('src', /^data:image\/webp;base64,/)
    await expect(page.getByRole('button', { name: 'Remove pasted-1.png' })).toHaveCount(0)

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `sent message with a file, ${scheme}`).toEqual([])
      await captureView(page, testInfo, `attachments-sent-${scheme}`)
    }

    await cairn.restart()
    // A session-only key is gone after a restart: set it again, then come back to Chat (re-checks).
    await chat.useSessionKey()
    await app.goto('Settings')
    await app.goto('Chat')
    await page
      .getByRole('list', { name: 'Conversation list' })
      .getByRole('button', { name: /^Describe this chart \d+ messages$/ })
      .click()
    const kept = chat.log().getByRole('list', { name: 'Attached files' })
    await expect(kept.getByRole('listitem')).toContainText('PNG · 120 × 80')
    await expect(kept.locator('img')).toHaveAttribute('src', /^data:image\/webp;base64,/)

    const spec = pdf(2)
    await drop(page, chat.composer(), {
      name: 'spec.pdf',
      type: 'application/pdf',
      base64: spec.toString('base64')
    })
    await expect(
      page.getByRole('list', { name: 'Attached files' }).last().getByRole('listitem')
    ).toContainText('PDF · 2 pages')
    await chat.send('And this?')
    await expect(chat.log()).toContainText('A two-page spec.')
    const requests = await fake.waitForMessageRequests(2)
    const second = requests[1]
    expect(second?.rejected).toBeNull()
    const messages = bodyOf(second).messages
    // The whole conversation goes again: the image from before the restart, read from disk.
    expect(messages[0]?.content[0]).toMatchObject({
      type: 'image',
      source: { data: png.toString('base64') }
    })
    expect(messages.at(-1)?.content).toEqual([
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: spec.toString('base64') },
        title: 'spec.pdf'
      },
      { type: 'text', text: 'And this?', cache_control: { type: 'ephemeral' } }
    ])
  })

  test('the file button: type by content, oversized images scaled down, refusals explained', async ({
    cairn
  }, testInfo) => {
    const page = cairn.page
    const chat = new ChatPage(page)
    await page.setViewportSize({ width: 1200, height: 780 })
    await new AppPage(page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()

    const wide = join(cairn.userDataDir, 'wide-photo.txt') // a PNG, whatever its name says
    await writeFile(
      wide,
      await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#b8532e' } })
        .png()
        .toBuffer()
    )
    const program = join(cairn.userDataDir, 'setup.exe')
    await writeFile(program, Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]))
    const notes = join(cairn.userDataDir, 'notes.png') // text, whatever its name says
    await writeFile(notes, '# Notes\n- not a picture\n')
    await cairn.answerOpenDialog([wide, program, notes])

    await page.getByRole('button', { name: 'Attach files' }).click()
    const tray = page.getByRole('list', { name: 'Attached files' })
    await expect(tray.getByRole('listitem').filter({ hasText: 'wide-photo.txt' })).toContainText(
      'PNG · 2000 × 667 · scaled to fit'
    )
    await expect(tray.getByRole('listitem').filter({ hasText: 'notes.png' })).toContainText('Text')
    await expect(page.getByRole('alert').filter({ hasText: 'setup.exe' })).toContainText(
      'Cairn can attach PNG, JPEG, GIF and WebP images, PDFs, and text or code files.'
    )
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `refusal and chips, ${scheme}`).toEqual([])
      await captureView(page, testInfo, `attachments-picked-${scheme}`)
    }

    // Keyboard: a chip's remove button is reachable and works; the alert can be dismissed.
    await tray.getByRole('button', { name: 'Remove notes.png' }).focus()
    await page.keyboard.press('Enter')
    await expect(tray.getByRole('listitem')).toHaveCount(1)
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})

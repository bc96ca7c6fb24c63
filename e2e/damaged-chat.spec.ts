import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { reply } from './fake-anthropic'
import { expect, test } from './support/app-fixture'
import { captureView, horizontalOverflow, seriousA11yViolations } from './support/page-checks'

/*
 * Issue 36: a half-written conversation file is not lost without a word. The list says a chat
 * could not be read and what was kept; Recover makes a new chat of the messages before the
 * damage; Dismiss hides the notice and the file stays.
 */

const ID = '5eed0001-0000-4000-8000-000000000000'
const at = '2025-03-01T10:00:00.000Z'
const said = (n: number, role: 'user' | 'assistant', text: string) =>
  role === 'user'
    ? { id: `m${n}`, role, createdAt: at, content: [{ type: 'text', text }] }
    : {
        id: `m${n}`,
        role,
        createdAt: at,
        model: 'claude-sonnet-4-6',
        content: [{ type: 'text', text }],
        status: 'complete',
        stopReason: 'end_turn',
        usage: null,
        error: null
      }

/** A chat of five messages whose file stops part-way through the fifth (a crash mid-write). */
async function seedHalfWritten(userDataDir: string): Promise<void> {
  const folder = join(userDataDir, 'conversations')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const whole = JSON.stringify({
    version: 1,
    id: ID,
    title: 'Lyon in May',
    titleSource: 'user',
    model: 'claude-sonnet-4-6',
    createdAt: at,
    updatedAt: at,
    messages: [
      said(1, 'user', 'Plan three days in Lyon'),
      said(2, 'assistant', 'Day one: Vieux Lyon and Fourvière.'),
      said(3, 'user', 'Is May a good month?'),
      said(4, 'assistant', 'Yes: May in Lyon is mild and bright.'),
      said(5, 'user', 'What should I pack for the rain?')
    ]
  })
  await writeFile(join(folder, `${ID}.json`), whole.slice(0, whole.indexOf('pack for')))
}

test('a half-written chat is told of, recovered up to the damage, and dismissed; the file stays', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(180_000) // four screenshots and two axe scans
  const page = cairn.page
  await seedHalfWritten(cairn.userDataDir)
  // Main reads the conversations folder once, at start.
  await cairn.restart()
  const app = new AppPage(page)
  const chat = new ChatPage(page)
  await app.waitForReady()
  await chat.useSessionKey()
  await page.reload() // the chat view reads whether a key is set when it loads
  await app.goto('Chat')

  const notice = page.getByRole('region', { name: '1 chat could not be read' })
  await expect(notice).toBeVisible()
  const folder = join(cairn.userDataDir, 'conversations')
  const [kept] = await readdir(folder)
  expect(kept).toMatch(new RegExp(`^${ID}\\.json\\.corrupt-`))
  await expect(notice).toContainText(`“Lyon in May” was kept as ${kept} beside the others.`)
  await expect(notice).toContainText('It breaks off part-way through message 5.')
  await expect(notice).toContainText('4 messages before the damage can be recovered')
  const list = page.getByRole('list', { name: 'Conversation list' })
  await expect(list).toContainText('No other conversations.')
  await expect(page.getByRole('complementary', { name: 'Conversations' })).not.toContainText(
    'No conversations yet.'
  )

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    for (const [width, height] of [
      [900, 600],
      [1280, 800]
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(notice.getByRole('button', { name: /^Dismiss/ })).toBeInViewport()
      expect(await horizontalOverflow(page), `${scheme} ${width}×${height}`).toEqual([])
      await captureView(page, testInfo, `damaged-${scheme}-${width}x${height}`)
    }
    expect(await seriousA11yViolations(page), `notice in ${scheme}`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })

  await notice.getByRole('button', { name: 'Open folder' }).click()
  await expect(notice.getByRole('status')).toHaveText(
    'Opened the conversations folder in your file manager.'
  )

  const keptText = await readFile(join(folder, kept ?? ''), 'utf8')
  await notice.getByRole('button', { name: /^Recover 4 messages/ }).click()
  const recovered = list.getByRole('button', { name: /^Lyon in May \(recovered\)/ })
  await expect(recovered).toBeVisible()
  await expect(recovered).toContainText('4 messages')
  await expect(chat.log()).toContainText('Plan three days in Lyon')
  await expect(chat.log()).toContainText('May in Lyon is mild and bright.')
  await expect(chat.log()).not.toContainText('What should I pack')
  await expect(notice).toContainText('Recovered 4 messages as “Lyon in May (recovered)”')
  await expect(notice.getByRole('button', { name: /^Recover/ })).toHaveCount(0)
  expect(await readFile(join(folder, kept ?? ''), 'utf8')).toBe(keptText)
  await captureView(page, testInfo, 'damaged-recovered-light')
  expect(await seriousA11yViolations(page), 'after Recover').toEqual([])

  // The recovered chat goes on like any other.
  cairn.anthropic!.script(reply('A light raincoat and an umbrella.'))
  await chat.send('What should I pack for the rain?')
  await expect(chat.log()).toContainText('A light raincoat')

  await notice.getByRole('button', { name: /^Dismiss/ }).click()
  await expect(notice).toBeHidden()
  expect(await readdir(folder)).toContain(kept)
  // Dismissed for good: not told again after a restart.
  await cairn.restart()
  await app.waitForReady()
  await app.goto('Chat')
  await expect(list.getByRole('button', { name: /^Lyon in May \(recovered\)/ })).toBeVisible()
  await expect(page.getByRole('region', { name: /could not be read/ })).toHaveCount(0)
})

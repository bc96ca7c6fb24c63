import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'

// Printed, never asserted: timings depend on the machine (see bench/ for tracked figures).

function bigConversation(count: number) {
  const at = new Date().toISOString()
  const messages = Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? {
          id: `u${i}`,
          role: 'user',
          createdAt: at,
          content: [{ type: 'text', text: `Question ${i}` }]
        }
      : {
          id: `a${i}`,
          role: 'assistant',
          createdAt: at,
          model: 'claude-sonnet-4-6',
          content: [
            {
              type: 'text',
              text: `Answer ${i} with **bold**, \`code\` and a list:\n\n- one\n- two`
            }
          ],
          status: 'complete',
          stopReason: 'end_turn',
          usage: { inputTokens: 10, outputTokens: 20, cacheReadTokens: 0, cacheCreationTokens: 0 },
          error: null
        }
  )
  return {
    version: 1,
    id: 'perf-2000-messages',
    title: 'Two thousand messages',
    titleSource: 'user',
    model: 'claude-sonnet-4-6',
    createdAt: at,
    updatedAt: at,
    messages
  }
}

test('perf: render a 2,000-message conversation; longest task while streaming 100 deltas/s', async ({
  cairn
}) => {
  test.skip(!cairn.anthropic, 'needs the browser harness and the fake Anthropic API')
  test.setTimeout(120_000)
  const folder = join(cairn.userDataDir, 'conversations')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await writeFile(join(folder, 'perf-2000-messages.json'), JSON.stringify(bigConversation(2000)))
  const chat = new ChatPage(cairn.page)
  await chat.useSessionKey()
  await cairn.page.reload()
  await new AppPage(cairn.page).goto('Chat')

  // From the click to the newest message on screen.
  const started = await cairn.page.evaluate(() => performance.now())
  await cairn.page.getByRole('button', { name: /^Two thousand messages/ }).click()
  await expect(chat.log()).toContainText('Answer 1999')
  const rendered = await cairn.page.evaluate(() => performance.now())
  console.log(
    `perf: 2,000-message conversation rendered in ${Math.round(rendered - started)} ms (target ≤ 500 ms)`
  )

  // A string, so the DOM's PerformanceObserver types are not needed in this Node-typed file.
  await cairn.page.evaluate(`
    globalThis.__longest = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        globalThis.__longest = Math.max(globalThis.__longest, entry.duration)
    }).observe({ type: 'longtask' })
  `)
  cairn.anthropic!.script(reply('word '.repeat(400), { textChunk: 5, eventDelayMs: 10 }))
  await chat.send('Stream something long')
  await expect(chat.log()).toContainText('word word', { timeout: 20_000 })
  await expect(chat.stopButton()).toBeHidden({ timeout: 30_000 })
  const longest = await cairn.page.evaluate(
    () => (globalThis as unknown as { __longest: number }).__longest
  )
  console.log(
    `perf: longest main-thread task while streaming ~100 deltas/s: ${Math.round(longest)} ms (target ≤ 50 ms; 0 = none over 50 ms)`
  )
})

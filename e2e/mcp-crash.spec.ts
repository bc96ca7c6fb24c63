import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { addServerByJson, writeCrashOnceServer } from './support/mcp-servers'

/*
 * A server that dies in the middle of a call costs one chip: the chip says what happened, Claude
 * is given the same words as the tool's result and the answer goes on; Cairn starts the server
 * again after a pause and the next call works.
 */

test('a server that crashes mid-call: the chip says so, Claude is told, the server comes back', async ({
  cairn
}, testInfo) => {
  const page = cairn.page
  const app = new AppPage(page)
  const dir = testInfo.outputPath('crash-once')
  await mkdir(dir, { recursive: true })
  const server = await addServerByJson(app, 'Flaky', [await writeCrashOnceServer(dir)])
  await server.getByText(/1 tool, and how Claude may use it/).click()
  await server.getByRole('combobox', { name: 'When Claude uses Lookup' }).selectOption('always')

  const fake = cairn.anthropic!
  const lookup = (word: string) =>
    reply([
      text('Looking it up. '),
      { type: 'tool_use', name: 'mcp__flaky__lookup', input: { word } }
    ])
  fake.script(lookup('cairn'), reply('The server fell over; I will try again later.'))
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Look up cairn.')
  await expect(chat.log()).toContainText('The server fell over; I will try again later.')
  const why =
    'Flaky stopped while running the tool "lookup". Cairn is starting it again; try the call once it is back.'
  const failed = chat.log().getByRole('button', { name: `Lookup (Flaky) failed: Error: ${why}` })
  await expect(failed).toBeVisible()
  // Claude got the same words as the call's result, marked as an error.
  const result = (
    fake.messageRequests()[1]!.body as {
      messages: Array<{ content: Array<{ type: string; is_error?: boolean; content?: unknown }> }>
    }
  ).messages
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .find((b) => b.type === 'tool_result')
  expect(result).toMatchObject({ is_error: true, content: `Error: ${why}` })

  // Started again on its own (after a pause), not by anyone pressing Restart.
  const tools = (await app.gotoSettings()).part('Tools')
  await expect(tools.getByRole('listitem', { name: 'Flaky' }).getByTestId('mcp-state')).toHaveText(
    'Connected · 1 tool'
  )
  expect(await readFile(join(dir, 'starts'), 'utf8')).toBe('started\nstarted\n')

  fake.script(lookup('stone'), reply('Found it this time.'))
  await app.goto('Chat')
  await chat.send('Try again.')
  await expect(chat.log()).toContainText('Found it this time.')
  await chat.log().getByRole('button', { name: 'Used Lookup (Flaky)' }).click()
  await expect(chat.log().getByText('found stone', { exact: true })).toBeVisible()
})

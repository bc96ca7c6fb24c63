import { createRequire } from 'node:module'
import { reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

/*
 * An MCP server from Settings → Tools to a chat: pasted JSON, the exact command line reviewed,
 * the real reference server (server-everything) started over stdio, its tools listed with their
 * approval; then Claude calls one, the card asks, "Allow for this chat", and the answer comes.
 */

const require = createRequire(import.meta.url)
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')

test('add a server from pasted JSON, see its tools; Claude calls one, the card asks, it runs', async ({
  cairn
}, testInfo) => {
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const app = new AppPage(page)
  const settings = await app.gotoSettings()
  const tools = settings.part('Tools')
  await tools.getByRole('button', { name: 'Add a server…' }).click()
  const config = { mcpServers: { Everything: { command: process.execPath, args: [EVERYTHING] } } }
  await tools.getByLabel(/Or paste JSON/).fill(JSON.stringify(config))
  await tools.getByRole('button', { name: 'Review pasted JSON' }).click()
  const review = tools.getByRole('group', { name: 'Servers to add' })
  // The command line exactly as it will run, before anything runs.
  await expect(review.getByText('Runs on this computer:')).toBeVisible()
  await expect(review.locator('code')).toHaveText(`${process.execPath} ${EVERYTHING}`)
  await review.getByRole('button', { name: 'Add and start it' }).click()

  const server = tools.getByRole('listitem', { name: 'Everything' })
  await expect(server.getByTestId('mcp-state')).toHaveText(/^Connected · \d+ tools$/)
  await server.getByText(/tools, and how Claude may use them/).click()
  const echo = server.getByRole('combobox', { name: 'When Claude uses Echo Tool' })
  await expect(echo).toHaveValue('ask')
  await checkEveryLook(page, testInfo, 'mcp-servers', server)

  cairn.anthropic!.script(
    reply([
      text('Asking the server. '),
      { type: 'tool_use', name: 'mcp__everything__echo', input: { message: 'hi' } }
    ]),
    reply('It said hi back.')
  )
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Say hi through the server.')
  const card = page.getByRole('region', { name: 'Claude wants to use Echo Tool (Everything)' })
  await expect(card).toBeVisible()
  const sent = card.getByRole('definition')
  await expect(sent).toHaveText('hi')
  await checkEveryLook(page, testInfo, 'mcp-card', card)
  await card.getByRole('button', { name: 'Allow for this chat' }).click()
  await expect(card).toBeHidden()
  await expect(page.getByText('It said hi back.')).toBeVisible()
  const chip = page.getByRole('button', { name: /^Used Echo Tool \(Everything\)/ })
  await chip.click()
  await expect(page.getByText('Echo: hi', { exact: true })).toBeVisible()
})

import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { reply, text, toolSearch } from './fake-anthropic'
import { writeManyToolsServer } from '../bench/mcp-rig'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

/*
 * Many tools in a chat (issue 37): a server of 40 tools and the reference server, past the 30
 * that fit in a prompt, so the chat's first request lists them behind tool search. Claude
 * searches, the answer shows what it looked for and found, and the chat header's Tools control
 * says, before a switch is used, what turning a server off or on costs.
 */

const require = createRequire(import.meta.url)
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')

test('past 30 tools Claude searches for them; the Tools control says what a switch costs', async ({
  cairn
}, testInfo) => {
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const dir = testInfo.outputPath('servers')
  await mkdir(dir, { recursive: true })
  const records = await writeManyToolsServer(dir, 40)
  const app = new AppPage(page)
  const settings = await app.gotoSettings()
  const tools = settings.part('Tools')
  await tools.getByRole('button', { name: 'Add a server…' }).click()
  const config = {
    mcpServers: {
      Records: { command: process.execPath, args: [records] },
      Everything: { command: process.execPath, args: [EVERYTHING] }
    }
  }
  await tools.getByLabel(/Or paste JSON/).fill(JSON.stringify(config))
  await tools.getByRole('button', { name: 'Review pasted JSON' }).click()
  await tools
    .getByRole('group', { name: 'Servers to add' })
    .getByRole('button', { name: 'Add and start these 2' })
    .click()
  for (const name of ['Records', 'Everything'])
    await expect(tools.getByRole('listitem', { name }).getByTestId('mcp-state')).toHaveText(
      /^Connected · \d+ tools$/
    )

  cairn.anthropic!.script(
    reply([toolSearch('records of kind 7'), text('Found the lookup for kind 7.')])
  )
  await app.goto('Chat')
  const chat = new ChatPage(page)
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Which tool finds records of kind 7?')
  await expect(page.getByText('Found the lookup for kind 7.')).toBeVisible()
  const request = cairn.anthropic!.messageRequests().at(-1)!
  expect(request.rejected).toBeNull()
  const listed = (request.body as { tools: Array<{ name: string; defer_loading?: boolean }> }).tools
  expect(listed.slice(0, 2).map((t) => t.name)).toEqual(['memory', 'tool_search_tool_bm25'])
  expect(listed.filter((t) => t.defer_loading).length).toBeGreaterThan(40)
  const search = page.getByText(/^Searched the tools for “records of kind 7” · found \d+$/)
  await expect(search).toBeVisible()
  await search.click()
  await expect(page.getByText('lookup_7 (records)')).toBeVisible()

  await page.getByRole('button', { name: /^Tools: 2 of 2/ }).click()
  const panel = page.getByRole('group', { name: 'MCP servers in this chat' })
  await expect(panel.getByRole('switch', { name: 'Everything' })).toHaveAccessibleDescription(
    /^\d+ tools\. Off: Claude can no longer find them; the prompt stays as it is\.$/
  )
  await expect(panel).toContainText("Claude finds this chat's")
  await checkEveryLook(page, testInfo, 'tool-search-servers', panel)
})

import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'

/*
 * Import from Claude Desktop: Cairn reads `claude_desktop_config.json` where Claude Desktop keeps
 * it (here the harness points it at a file in the test's temp folder), previews every server with
 * the exact command line it would run, and starts nothing until the user adds them; then both real
 * reference servers start over stdio and connect.
 */

const require = createRequire(import.meta.url)
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')
const FILESYSTEM = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js')

test('Import from Claude Desktop: the preview lists its servers and command lines; adding them starts them', async ({
  cairn
}) => {
  const page = cairn.page
  const app = new AppPage(page)
  const tools = (await app.gotoSettings()).part('Tools')
  await tools.getByRole('button', { name: 'Add a server…' }).click()
  const importButton = tools.getByRole('button', { name: 'Import from Claude Desktop' })

  // No Claude Desktop settings yet: the message names the file it looked for.
  await importButton.click()
  const review = tools.getByRole('group', { name: 'Servers to add' })
  await expect(review.getByRole('alert')).toHaveText(
    `Claude Desktop's settings were not found at ${cairn.claudeDesktopConfig}. Is Claude Desktop installed, with MCP servers added?`
  )
  await expect(review.getByText('Nothing to add.')).toBeVisible()
  await review.getByRole('button', { name: 'Back' }).click()

  // Claude Desktop's settings, as it writes them (with a server Cairn cannot take).
  const shared = join(dirname(cairn.claudeDesktopConfig), 'shared files')
  await mkdir(shared, { recursive: true })
  await writeFile(
    cairn.claudeDesktopConfig,
    JSON.stringify({
      globalShortcut: 'Ctrl+Space',
      mcpServers: {
        Everything: { command: process.execPath, args: [EVERYTHING], env: { LOG_LEVEL: 'info' } },
        'Shared files': { command: process.execPath, args: [FILESYSTEM, shared] },
        Broken: { args: ['no command'] }
      }
    })
  )
  await importButton.click()
  await expect(review.getByText('From')).toContainText(cairn.claudeDesktopConfig)
  const planned = review.getByRole('list', { name: 'What will run' }).getByRole('listitem')
  await expect(planned).toHaveCount(2)
  await expect(planned.nth(0).getByText('Everything', { exact: true })).toBeVisible()
  await expect(planned.nth(0).locator('code')).toHaveText(`${process.execPath} ${EVERYTHING}`)
  await expect(planned.nth(0).getByText('LOG_LEVEL', { exact: true })).toBeVisible()
  await expect(planned.nth(1).getByText('Shared files', { exact: true })).toBeVisible()
  // The folder's space is quoted: the line reads as the arguments it will be given.
  await expect(planned.nth(1).locator('code')).toHaveText(
    `${process.execPath} ${FILESYSTEM} '${shared}'`
  )
  await expect(review.getByRole('alert')).toHaveText(/^Broken: /)
  // Nothing runs from a preview.
  await expect(tools.getByRole('listitem', { name: 'Everything' })).toHaveCount(0)

  await review.getByRole('button', { name: 'Add and start these 2' }).click()
  await expect(review).toBeHidden()
  for (const name of ['Everything', 'Shared files']) {
    const server = tools.getByRole('listitem', { name })
    await expect(server.getByTestId('mcp-state')).toHaveText(/^Connected · \d+ tools$/)
  }
})

import {
  playBrowser,
  startOAuthServer,
  type OAuthTestServer
} from '../src/main/services/mcp/__tests__/oauth-server'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

/*
 * Signing in to a remote MCP server from Settings → Tools: a Streamable HTTP server built with the
 * SDK's OAuth pieces answers 401, the row says "Needs sign-in" with a Sign in button; Sign in hands
 * the authorize page to the OS browser (recorded by the harness), the test plays the browser by
 * following its redirect to Cairn's loopback address, and the row turns connected with its tool.
 * Sign out takes it back to "Needs sign-in".
 */

let server: OAuthTestServer | undefined
test.afterEach(async () => {
  await server?.close()
  server = undefined
})

test('a remote server that wants a sign-in: Sign in through the browser, its tools, Sign out', async ({
  cairn
}, testInfo) => {
  server = await startOAuthServer()
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const settings = await new AppPage(page).gotoSettings()
  const tools = settings.part('Tools')
  await tools.getByRole('button', { name: 'Add a server…' }).click()
  const config = { mcpServers: { 'Remote notes': { url: server.url } } }
  await tools.getByLabel(/Or paste JSON/).fill(JSON.stringify(config))
  await tools.getByRole('button', { name: 'Review pasted JSON' }).click()
  await tools
    .getByRole('group', { name: 'Servers to add' })
    .getByRole('button', { name: 'Add and start it' })
    .click()

  const row = tools.getByRole('listitem', { name: 'Remote notes' })
  await expect(row.getByTestId('mcp-state')).toHaveText('Needs sign-in')
  await expect(row.getByRole('alert')).toHaveText(
    'Remote notes needs you to sign in before Cairn can use it: click Sign in (or, if it takes an API key, add the key to its headers).'
  )
  const signIn = row.getByRole('button', { name: 'Sign in', exact: true })
  await checkEveryLook(page, testInfo, 'mcp-needs-sign-in', row)

  await signIn.click()
  await expect(row.getByRole('status')).toHaveText(
    'Finish signing in to Remote notes in your browser; Cairn connects once you are back.'
  )
  await expect(row.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible()
  await expect.poll(() => cairn.openedLinks()).toHaveLength(1)
  const [authorize] = await cairn.openedLinks()
  expect(new URL(authorize!).origin).toBe(new URL(server.url).origin)

  const back = await playBrowser(authorize!)
  expect(back.text).toContain('You can close this tab')
  await expect(row.getByTestId('mcp-state')).toHaveText('Connected · 1 tool')
  const signOut = row.getByRole('button', { name: 'Sign out' })
  await expect(signOut).toBeVisible()
  await checkEveryLook(page, testInfo, 'mcp-signed-in', row)

  await signOut.click()
  await expect(row.getByTestId('mcp-state')).toHaveText('Needs sign-in')
  await expect(signIn).toBeVisible()
  await expect(signOut).toBeHidden()
})

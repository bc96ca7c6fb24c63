import { mkdir } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { helloBundle, writeHelloBundle } from '../src/main/services/mcp/__tests__/bundle-kit'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

/*
 * An MCP Bundle (.mcpb) from Settings → Tools: picked in the open dialog, previewed (who made
 * it, the exact command line, what runs it, the tools it declares, the settings it asks for),
 * installed and started, its tool listed. Then a newer version dropped on the card shows the
 * changed command line again before it replaces the first.
 */

type PageGlobals = { DataTransfer: new () => { items: { add(file: File): void } } }

/** The MCP servers card, where a bundle is dropped. */
const card = (tools: Locator): Locator => tools.getByRole('region', { name: 'MCP servers' })

/** What the OS does on drop: dragover, then drop, with the file in a DataTransfer. */
async function drop(page: Page, target: Locator, name: string, bytes: Uint8Array): Promise<void> {
  const data = await page.evaluateHandle(
    ([n, base64]) => {
      const { DataTransfer } = globalThis as unknown as PageGlobals
      const transfer = new DataTransfer()
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], n))
      return transfer
    },
    [name, Buffer.from(bytes).toString('base64')] as const
  )
  await target.dispatchEvent('dragover', { dataTransfer: data })
  await target.dispatchEvent('drop', { dataTransfer: data })
}

test('install a bundle: preview with its command line and settings, confirm, tools listed; a newer version dropped replaces it', async ({
  cairn
}, testInfo) => {
  const page = cairn.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const downloads = testInfo.outputPath('downloads')
  await mkdir(downloads, { recursive: true })
  const file = await writeHelloBundle(downloads)

  const settings = await new AppPage(page).gotoSettings()
  const tools = settings.part('Tools')
  await cairn.answerOpenDialog([file])
  await tools.getByRole('button', { name: 'Install bundle…' }).click()

  const preview = tools.getByRole('group', { name: 'Bundle to install' })
  await expect(preview.getByRole('heading', { name: 'Hello Bundle 1.0.0' })).toBeVisible()
  await expect(preview.getByText('by Cairn tests')).toBeVisible()
  const runs = preview.getByRole('group', { name: 'What will run' })
  const commandLine = runs.locator('code').first()
  await expect(commandLine).toHaveText(
    /^node \S+hello-bundle-1\.0\.0\/server\/index\.mjs --greeting hello$/
  )
  await expect(runs.getByText('HELLO_CODE=${user_config.code}')).toBeVisible()
  await expect(runs.getByText(/run by Node\.js installed on this computer/)).toBeVisible()
  await expect(preview.getByRole('list', { name: 'Tools it declares' })).toHaveText(
    /greet — Says hello/
  )
  // The settings form: the greeting with its default, the secret code for the keychain.
  await expect(preview.getByLabel('Greeting (required)')).toHaveValue('hello')
  const code = preview.getByLabel('Secret code (required)')
  await expect(code).toHaveAttribute('type', 'password')
  const install = preview.getByRole('button', { name: 'Install and start' })
  await expect(install).toBeDisabled()
  await expect(preview.getByText('Fill in “Secret code” to install it.')).toBeVisible()

  await preview.getByLabel('Greeting (required)').fill('bonjour')
  await expect(commandLine).toHaveText(/--greeting bonjour$/)
  await code.fill('s3cret')
  await expect(install).toBeEnabled()
  await checkEveryLook(page, testInfo, 'mcp-bundle-preview', preview)
  await install.click()

  const server = tools.getByRole('listitem', { name: 'Hello Bundle' })
  await expect(server.getByTestId('mcp-state')).toHaveText('Connected · 1 tool')
  await expect(server.getByText('From the bundle hello-bundle 1.0.0')).toBeVisible()
  await server.getByText(/1 tool, and how Claude may use it/).click()
  await expect(server.getByRole('combobox', { name: 'When Claude uses greet' })).toHaveValue('ask')
  // The secret went to main (and on to the keychain): the page never shows it.
  await expect(tools).not.toContainText('s3cret')

  // A newer version, dropped on the card: the changed command line is shown before it replaces.
  await drop(page, card(tools), 'hello-bundle-2.0.0.mcpb', helloBundle({ version: '2.0.0' }))
  await expect(preview.getByRole('heading', { name: 'Hello Bundle 2.0.0' })).toBeVisible()
  await expect(
    preview.getByText(
      /Replaces version 1\.0\.0, which you have installed, and runs a different command line/
    )
  ).toBeVisible()
  await expect(
    preview.getByText(/hello-bundle-1\.0\.0\/server\/index\.mjs --greeting bonjour/)
  ).toBeVisible()
  await expect(commandLine).toHaveText(
    /hello-bundle-2\.0\.0\/server\/index\.mjs --greeting bonjour$/
  )
  await expect(preview.getByText(/leave it empty to keep it/)).toBeVisible()
  await preview.getByRole('button', { name: 'Update and restart' }).click()
  await expect(server.getByText('From the bundle hello-bundle 2.0.0')).toBeVisible()
  await expect(server.getByTestId('mcp-state')).toHaveText('Connected · 1 tool')
})

test('a bundle that is not one is refused with the reason, and the card says so', async ({
  cairn
}) => {
  const page = cairn.page
  const settings = await new AppPage(page).gotoSettings()
  const tools = settings.part('Tools')
  await drop(page, card(tools), 'broken.mcpb', helloBundle({ noManifest: true }))
  await expect(tools.getByRole('alert')).toHaveText(/no manifest\.json at its top level/)
  await drop(page, card(tools), 'notes.txt', new TextEncoder().encode('hello'))
  await expect(tools.getByRole('alert')).toHaveText(
    'Drop one MCP bundle (a .mcpb file) here to install it.'
  )
  await expect(tools.getByRole('button', { name: 'Install bundle…' })).toBeVisible()
})

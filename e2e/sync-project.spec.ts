import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { checkEveryLook } from './support/page-checks'

// Sync per memory space (issue 38): a project's Memory → Settings turns on sync for that project
// alone, with a Memory Store of its own; "No project" keeps its own store in Settings → Sync.
// Each folder's notes reach only their own store.

test("a project's memory syncs with its own Memory Store, apart from No project's", async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(180_000) // one look, in light and dark at two sizes, with axe
  const page = cairn.page
  const fake = cairn.anthropic!
  await writeFile(join(cairn.userDataDir, 'memories', 'home.md'), 'Lives in Lyon.\n')
  const project = await page.evaluate(() =>
    (
      globalThis as unknown as {
        cairn: { projects: { create(input: { name: string }): Promise<{ memoryFolder: string }> } }
      }
    ).cairn.projects.create({ name: 'Client site' })
  )
  await writeFile(join(project.memoryFolder, 'deploy.md'), 'Staging on Fridays.\n', {
    mode: 0o600
  })
  const app = new AppPage(page)
  await app.goto('Chat')
  await new ChatPage(page).useSessionKey()

  // "No project" first, in Settings → Sync, with a store named for it.
  await app.gotoSettings()
  const home = page.getByRole('region', { name: 'Sync', exact: true })
  await home.getByLabel('New store name').fill('Home memory')
  await home.getByRole('button', { name: 'Turn on sync' }).click()
  await expect(home.getByTestId('sync-state')).toHaveText('On')
  await expect(home.getByTestId('sync-last')).not.toHaveText('never')

  // The project: Memory → its space → Settings shows its own sync, still off.
  await app.goto('Memory')
  const memory = new MemoryPage(page)
  await memory
    .view()
    .getByRole('combobox', { name: 'Memory space' })
    .selectOption({ label: 'Client site' })
  await memory.view().getByRole('button', { name: 'Settings', exact: true }).click()
  const card = memory.view().getByRole('region', { name: 'Sync', exact: true })
  await expect(card.getByTestId('sync-state')).toHaveText('Off')
  await expect(card).toContainText('a Memory Store of its own')
  await card.getByLabel('New store name').fill('Client site memory')
  await card.getByRole('button', { name: 'Turn on sync' }).click()
  await expect(card.getByTestId('sync-state')).toHaveText('On')
  await expect(card).toContainText('Client site memory')
  await card.getByRole('button', { name: 'Sync now' }).click()
  await expect(card.getByTestId('sync-last')).not.toHaveText('never')
  await expect(card.getByTestId('sync-size')).toHaveText('1 memory, 20 bytes')
  await checkEveryLook(page, testInfo, 'sync-project', card)

  // Two stores, each holding only its own folder's note.
  const holdings = () =>
    fake.memoryStores
      .stores()
      .map((id) =>
        fake.memoryStores
          .memories(id)
          .map((m) => m.path)
          .join(',')
      )
      .sort()
  await expect.poll(holdings).toEqual(['/deploy.md', '/home.md'])

  // Settings → Sync still shows No project's store, not the project's.
  await app.gotoSettings()
  await expect(home).toContainText('Home memory')
  await expect(home).not.toContainText('Client site memory')
})

import { mkdir, readdir } from 'node:fs/promises'
import { AppPage } from './pages/app-page'
import { expect, test } from './support/app-fixture'

// "New project from a folder" asks the OS folder dialog in main; the harness answers it the way
// it answers the file dialog (answerOpenDialog), so a spec can pick a folder of its own.

// Specs compile without the DOM lib: the page's globals are typed by hand.
interface Bound {
  cairn: {
    projects: {
      pickFolder(): Promise<{ folder: string | null; memoryFolder: string | null }>
      create(input: { name: string; folder: string }): Promise<{ memoryFolder: string }>
    }
  }
}

test('a folder the dialog picked becomes a project with its memory inside it', async ({
  cairn
}, testInfo) => {
  await new AppPage(cairn.page).waitForReady()
  const site = testInfo.outputPath('site')
  await mkdir(site, { recursive: true })
  await cairn.answerOpenDialog([site])
  const picked = await cairn.page.evaluate(() =>
    (globalThis as unknown as Bound).cairn.projects.pickFolder()
  )
  expect(picked.folder).toBe(site)
  const project = await cairn.page.evaluate(
    (folder) => (globalThis as unknown as Bound).cairn.projects.create({ name: 'Site', folder }),
    picked.folder!
  )
  expect(project.memoryFolder).toBe(picked.memoryFolder)
  expect(await readdir(site)).toEqual(['.cairn'])
})

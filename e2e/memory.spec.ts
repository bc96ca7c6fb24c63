import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { MemoryPage } from './pages/memory-page'
import { repoRoot } from './support/environment'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

async function seed(userDataDir: string, name: string, text: string): Promise<string> {
  const folder = join(userDataDir, 'memories')
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const file = join(folder, name)
  await writeFile(file, text, { mode: 0o600 })
  return file
}

test.describe('Memory inspector', () => {
  test('editing a file in the inspector writes the new text to disk', async ({ cairn }) => {
    const file = await seed(cairn.userDataDir, 'notes.md', '# Notes\nold line\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await expect(memory.editor()).toContainText('old line')

    await memory.replaceText('# Notes\nnew line from the inspector\n')
    await memory.save()
    await expect
      .poll(() => readFile(file, 'utf8').catch(() => null))
      .toBe('# Notes\nnew line from the inspector\n')

    await memory.showPane('Activity')
    await expect(memory.activity()).toContainText('You edited notes.md')
  })

  test('a file written outside the app appears without a reload', async ({ cairn }) => {
    test.skip(
      !existsSync(join(repoRoot, 'src/main/services/memory/outside/watcher.ts')),
      'the folder watcher (memory:changed for outside edits) has not landed'
    )
    await seed(cairn.userDataDir, 'first.md', 'one\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await expect(memory.file('first.md')).toBeVisible()

    await seed(cairn.userDataDir, 'from-outside.md', 'written by another program\n')
    await expect(memory.file('from-outside.md')).toBeVisible()
    await memory.open('from-outside.md')
    await expect(memory.editor()).toContainText('written by another program')
  })

  test('the expiry preview lists a file whose own front-matter says it has expired', async ({
    cairn
  }) => {
    await seed(cairn.userDataDir, 'keep.md', 'stays\n')
    await seed(cairn.userDataDir, 'stale.md', '---\nexpires: 2001-01-01\n---\nold news\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.showPane('Expiry')
    await expect(memory.expiring()).toContainText('/memories/stale.md')
    await expect(memory.expiring()).not.toContainText('keep.md')
    await expect(cairn.page.getByText(/1 file would expire now/)).toBeVisible()
  })
})

test.describe('Memory inspector: edits are never lost (#13)', () => {
  test('20 edit+save cycles while the watcher runs raise no conflict banner', async ({ cairn }) => {
    test.setTimeout(90_000)
    const file = await seed(cairn.userDataDir, 'notes.md', 'start\n')
    await seed(cairn.userDataDir, 'other.md', 'other 0\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await expect(memory.editor()).toContainText('start')
    // Count every banner that ever shows up, even one that flashes between two polls.
    // A string, so the DOM types are not needed in this Node-typed file.
    await cairn.page.evaluate(`{
      globalThis.conflictBanners = 0
      let showing = false
      new MutationObserver(() => {
        const now = [...document.querySelectorAll('[role="alert"]')].some((el) =>
          el.textContent.includes('changed on disk')
        )
        if (now && !showing) globalThis.conflictBanners += 1
        showing = now
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    }`)

    for (let i = 1; i <= 20; i += 1) {
      await memory.replaceText(`cycle ${i}\n`)
      await memory.save()
      await expect.poll(() => readFile(file, 'utf8').catch(() => null)).toBe(`cycle ${i}\n`)
      // Another file changes from outside at the same time: never this file's business.
      await seed(cairn.userDataDir, 'other.md', `other ${i}\n`)
    }
    // A last outside file as a marker: the watcher takes events in order, so once it is listed
    // every save above has been through the watcher and the inspector too.
    await seed(cairn.userDataDir, 'zz-marker.md', 'last\n')
    await expect(memory.file('zz-marker.md')).toBeVisible()
    await memory.painted()
    expect(await cairn.page.evaluate('globalThis.conflictBanners')).toBe(0)
    await expect(memory.conflictBanner()).toHaveCount(0)
    await expect(memory.editor()).toContainText('cycle 20')
  })

  test('unsaved text survives switching files, panes and views', async ({ cairn }) => {
    const file = await seed(cairn.userDataDir, 'a.md', 'alpha\n')
    await seed(cairn.userDataDir, 'b.md', 'beta\n')
    const app = new AppPage(cairn.page)
    await app.goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('a.md')
    await memory.replaceText('alpha, edited but not saved\n')

    await memory.open('b.md')
    await expect(memory.editor()).toContainText('beta')
    await memory.open('a.md')
    await expect(memory.editor()).toContainText('alpha, edited but not saved')
    await expect(memory.saveButton()).toBeEnabled()

    await memory.showPane('Activity')
    await memory.showPane('File')
    await expect(memory.editor()).toContainText('alpha, edited but not saved')

    await app.goto('Chat')
    await app.goto('Memory')
    await expect(memory.editor()).toContainText('alpha, edited but not saved')
    expect(await readFile(file, 'utf8')).toBe('alpha\n')

    // Reloading the window with unsaved edits asks first (here: the answer is "stay").
    const asked = new Promise<string>((resolve) =>
      cairn.page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.dismiss()
      })
    )
    await cairn.page.evaluate('void location.reload()')
    expect(await asked).toBe('beforeunload')
    await expect(memory.editor()).toContainText('alpha, edited but not saved')
  })

  test('a real outside change opens a compare; "Keep mine" puts mine on disk', async ({
    cairn
  }) => {
    const file = await seed(cairn.userDataDir, 'notes.md', '# Notes\nline one\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await memory.replaceText('# Notes\nline one\nmine\n')

    await seed(cairn.userDataDir, 'notes.md', '# Notes\nline one\ntheirs\n')
    await expect(memory.conflictBanner()).toBeVisible()
    // The user's text is untouched in the editor while the banner waits.
    await expect(memory.editor()).toContainText('mine')
    await memory.view().getByRole('button', { name: 'Compare' }).click()

    const compare = memory.compare('notes.md')
    await expect(compare).toBeVisible()
    await expect(compare.getByRole('textbox', { name: /on disk now/ })).toContainText('theirs')
    await expect(compare.getByRole('textbox', { name: /^Your version/ })).toContainText('mine')
    await compare.getByRole('button', { name: 'Keep mine' }).click()

    await expect
      .poll(() => readFile(file, 'utf8').catch(() => null))
      .toBe('# Notes\nline one\nmine\n')
    await expect(compare).toHaveCount(0)
    await expect(memory.conflictBanner()).toHaveCount(0)
    await expect(memory.saveButton()).toBeDisabled()
    await expect(memory.editor()).toContainText('mine')

    // Theirs is not lost either: the History pane keeps the outside version, one step back.
    await memory.showPane('History')
    const versions = memory.versions().getByRole('button')
    await expect(versions.first()).toContainText('You edited it')
    await versions.nth(1).click()
    await expect(cairn.page.getByRole('table', { name: 'What this change did' })).toContainText(
      'theirs'
    )
  })

  test('"Take the disk\'s" keeps my text reachable until I dismiss it', async ({ cairn }) => {
    await seed(cairn.userDataDir, 'notes.md', 'base\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('notes.md')
    await memory.replaceText('my words\n')
    await seed(cairn.userDataDir, 'notes.md', 'their words\n')
    await memory.view().getByRole('button', { name: 'Compare' }).click()
    await memory.compare('notes.md').getByRole('button', { name: 'Take the disk’s' }).click()

    await expect(memory.editor()).toContainText('their words')
    const kept = memory.view().getByRole('region', { name: 'Your set-aside version' })
    await kept.getByRole('button', { name: 'Copy my version' }).click()
    await expect.poll(() => cairn.copiedText()).toBe('my words\n')
    await kept.getByRole('button', { name: 'Put mine back' }).click()
    await expect(memory.editor()).toContainText('my words')
    await expect(memory.saveButton()).toBeEnabled()
  })

  test('live changes elsewhere never move the scroll; the header size stays true', async ({
    cairn
  }) => {
    const long = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
    await seed(cairn.userDataDir, 'long.md', long)
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('long.md')
    await expect(memory.editor()).toContainText('line 1')
    await memory.scrollEditorTo(2000)
    await expect.poll(() => memory.editorScrollTop()).toBeGreaterThan(1900)
    // CodeMirror may settle its line heights once after a jump: start from a resting position.
    let before = -1
    await expect
      .poll(async () => {
        const last = before
        before = await memory.editorScrollTop()
        return before === last
      })
      .toBe(true)

    // Another file appears from outside (as when Claude writes during a chat).
    await seed(cairn.userDataDir, 'elsewhere.md', 'unrelated\n')
    await expect(memory.file('elsewhere.md')).toBeVisible()
    await memory.painted()
    expect(await memory.editorScrollTop()).toBe(before)

    // The open file itself grows at the end (no edits here): it follows, the view stays put.
    await seed(cairn.userDataDir, 'long.md', `${long}line 301\n`)
    const size = (Buffer.byteLength(long) + 9).toLocaleString('en-US')
    await expect(memory.view().getByTitle(`${size} bytes on disk now`)).toBeVisible()
    await expect(memory.saveButton()).toBeDisabled()
    expect(await memory.editorScrollTop()).toBe(before)
    // CodeMirror draws only what is in view: scroll down to see the new line arrived.
    await memory.scrollEditorTo(1_000_000)
    await expect(memory.editor()).toContainText('line 301')
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the editor and the conflict compare in ${scheme}: no serious accessibility findings`, async ({
    cairn
  }, testInfo) => {
    await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await cairn.page.setViewportSize({ width: 1200, height: 780 })
    const base = '# About me\n\n- Prefers short answers\n- Lives in Lyon\n- Cycles to work\n'
    await seed(cairn.userDataDir, 'about-me.md', base)
    await seed(cairn.userDataDir, 'projects.md', '# Projects\n\n- Cairn\n')
    await new AppPage(cairn.page).goto('Memory')
    const memory = new MemoryPage(cairn.page)
    await memory.open('about-me.md')
    await memory.replaceText(
      '# About me\n\n- Prefers short answers, with examples\n- Lives in Lyon\n- Cycles to work\n- Learning Italian\n'
    )
    await memory.open('projects.md')
    await memory.open('about-me.md')
    await captureView(cairn.page, testInfo, `memory-editor-unsaved-${scheme}`)

    await seed(
      cairn.userDataDir,
      'about-me.md',
      '# About me\n\n- Prefers short answers\n- Lives in Paris since May\n- Cycles to work\n'
    )
    await expect(memory.conflictBanner()).toBeVisible()
    expect(await seriousA11yViolations(cairn.page), `conflict banner in ${scheme}`).toEqual([])
    await captureView(cairn.page, testInfo, `memory-conflict-banner-${scheme}`)
    await memory.view().getByRole('button', { name: 'Compare' }).click()
    await expect(memory.compare('about-me.md')).toBeVisible()
    expect(await seriousA11yViolations(cairn.page), `compare in ${scheme}`).toEqual([])
    await captureView(cairn.page, testInfo, `memory-compare-${scheme}`)
  })
}

import { EditorView } from '@codemirror/view'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MemoryEntry } from '@shared/memory/memory'
import { installFakeMain } from '../../../test/fake-main'
import { createDraftStore, type DraftStore } from './draft-store'
import { FilePanel } from './file-panel'

const entry: MemoryEntry = {
  path: '/memories/notes.md',
  kind: 'file',
  size: 4,
  overCap: false,
  pinned: false
}

/** Types into CodeMirror the way its own input handling would end up: one document change. */
function typeInEditor(text: string): void {
  const host = document.querySelector('.min-h-0.flex-1 > div')
  const content = host?.shadowRoot?.querySelector('.cm-content')
  const view = content ? EditorView.findFromDOM(content as HTMLElement) : null
  if (!view) throw new Error('editor not mounted')
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } })
}

function editorText(): string {
  const content = document
    .querySelector('.min-h-0.flex-1 > div')
    ?.shadowRoot?.querySelector('.cm-content')
  const view = content ? EditorView.findFromDOM(content as HTMLElement) : null
  return view?.state.doc.toString() ?? ''
}

function renderPanel(main = installFakeMain({ memory: { '/memories/notes.md': 'old\n' } })) {
  render(
    <FilePanel
      entry={entry}
      drafts={createDraftStore()}
      pinnedPatterns={[]}
      savePins={async () => undefined}
      onMoved={() => undefined}
    />
  )
  return main
}

describe('FilePanel', () => {
  it('saves the edited text through memory:write with the hash it read', async () => {
    const main = renderPanel()
    const save = screen.getByRole('button', { name: 'Save' })
    await waitFor(() =>
      expect(document.querySelector('.min-h-0.flex-1 > div')?.shadowRoot?.textContent).toContain(
        'old'
      )
    )
    expect(save).toHaveProperty('disabled', true)

    typeInEditor('new text\n')
    await waitFor(() => expect(save).toHaveProperty('disabled', false))
    await userEvent.setup().click(save)
    await waitFor(() => expect(main.memory.get('/memories/notes.md')).toBe('new text\n'))
    const [write] = main.callsTo('memory:write') as { expectedHash?: string }[]
    expect(write?.expectedHash).toMatch(/^[0-9a-f]{64}$/)
    await waitFor(() => expect(save).toHaveProperty('disabled', true))
  })

  it('opens the compare when the engine refuses a save (a conflict), keeping the text', async () => {
    const main = renderPanel()
    await waitFor(() => expect(main.callsTo('memory:read')).toHaveLength(1))
    await waitFor(() =>
      expect(document.querySelector('.min-h-0.flex-1 > div')?.shadowRoot?.textContent).toContain(
        'old'
      )
    )
    main.memory.set('/memories/notes.md', 'changed elsewhere\n')
    typeInEditor('mine\n')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }))
    const compare = await screen.findByRole('region', { name: 'Compare notes.md' })
    expect(within(compare).getByRole('alert').textContent).toContain('changed on disk')
    expect(main.memory.get('/memories/notes.md')).toBe('changed elsewhere\n')
    expect(within(compare).getByRole('button', { name: 'Keep mine' })).toBeTruthy()
  })

  it('shows a cap refusal and keeps the text being edited', async () => {
    const main = renderPanel()
    await waitFor(() =>
      expect(document.querySelector('.min-h-0.flex-1 > div')?.shadowRoot?.textContent).toContain(
        'old'
      )
    )
    const mine = `mine ${'x'.repeat(300_000)}`
    typeInEditor(mine)
    const save = screen.getByRole('button', { name: 'Save' })
    await userEvent.setup().click(save)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('raise "Max file size" in Settings → Memory limits')
    expect(main.memory.get('/memories/notes.md')).toBe('old\n')
    // Nothing lost: the text stays in the editor, can be saved again, and no reload is offered.
    expect(editorText()).toBe(mine)
    expect(save).toHaveProperty('disabled', false)
    expect(screen.queryByRole('button', { name: 'Reload from disk' })).toBeNull()
  })

  it('asks before deleting, and deletes only when confirmed', async () => {
    const main = renderPanel()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete notes.md?' })
    expect(main.callsTo('memory:delete')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(main.memory.has('/memories/notes.md')).toBe(false))
  })

  describe('the save and conflict flow (#13)', () => {
    const shown = () => document.querySelector('.min-h-0.flex-1 > div')?.shadowRoot?.textContent
    function mount(
      store: DraftStore = createDraftStore(),
      files: Record<string, string> = { '/memories/notes.md': 'old\n' }
    ) {
      const main = installFakeMain({ memory: files })
      const view = render(
        <FilePanel
          entry={entry}
          drafts={store}
          pinnedPatterns={[]}
          savePins={async () => undefined}
          onMoved={() => undefined}
        />
      )
      // What the watcher does after a change on disk: memory:changed naming the paths.
      const announce = (...paths: string[]) =>
        act(() =>
          main.emit('memory:changed', { space: 'default', paths, actor: { kind: 'external' } })
        )
      return { main, store, bump: () => announce('/memories/notes.md'), announce, view }
    }
    const conflictBanner = () =>
      screen.queryAllByRole('alert').filter((el) => el.textContent.includes('changed on disk'))

    it('a save of my own, then the watcher announcing it, raises no conflict', async () => {
      const { main, bump } = mount()
      await waitFor(() => expect(shown()).toContain('old'))
      for (let i = 1; i <= 5; i += 1) {
        typeInEditor(`edit ${i}\n`)
        await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }))
        await waitFor(() => expect(main.memory.get('/memories/notes.md')).toBe(`edit ${i}\n`))
        bump()
        await waitFor(() =>
          expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
        )
      }
      expect(conflictBanner()).toHaveLength(0)
    })

    it('a change to another file never raises it, and my text stays', async () => {
      const { main, announce } = mount(createDraftStore(), {
        '/memories/notes.md': 'old\n',
        '/memories/other.md': 'x\n'
      })
      await waitFor(() => expect(shown()).toContain('old'))
      typeInEditor('mine\n')
      main.memory.set('/memories/other.md', 'changed\n')
      announce('/memories/other.md')
      // Another file's change is not this panel's: no re-read. Its own folder's is (one).
      announce('/memories')
      await waitFor(() => expect(main.callsTo('memory:read')).toHaveLength(2))
      expect(main.callsTo('memory:read')).toEqual([
        { space: 'default', path: '/memories/notes.md', refresh: false },
        { space: 'default', path: '/memories/notes.md', refresh: true }
      ])
      expect(conflictBanner()).toHaveLength(0)
      expect(shown()).toContain('mine')
    })

    it('a clean editor follows the disk in place; a dirty one gets the banner and a compare', async () => {
      const { main, bump } = mount()
      await waitFor(() => expect(shown()).toContain('old'))
      main.memory.set('/memories/notes.md', 'from outside\n')
      bump()
      await waitFor(() => expect(shown()).toContain('from outside'))
      expect(conflictBanner()).toHaveLength(0)

      typeInEditor('mine\n')
      main.memory.set('/memories/notes.md', 'theirs\n')
      bump()
      await waitFor(() => expect(conflictBanner()).toHaveLength(1))
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: 'Compare' }))
      const compare = screen.getByRole('region', { name: 'Compare notes.md' })
      await user.click(within(compare).getByRole('button', { name: 'Keep mine' }))
      await waitFor(() => expect(main.memory.get('/memories/notes.md')).toBe('mine\n'))
      await waitFor(() => expect(screen.queryByRole('region', { name: /^Compare/ })).toBeNull())
      expect(conflictBanner()).toHaveLength(0)
    })

    it("taking the disk's keeps my text until dismissed, and can put it back", async () => {
      const { main, bump, store } = mount()
      await waitFor(() => expect(shown()).toContain('old'))
      typeInEditor('mine\n')
      main.memory.set('/memories/notes.md', 'theirs\n')
      bump()
      const user = userEvent.setup()
      await user.click(await screen.findByRole('button', { name: 'Compare' }))
      await user.click(screen.getByRole('button', { name: 'Take the disk’s' }))
      await waitFor(() => expect(shown()).toContain('theirs'))
      expect(store.kept('/memories/notes.md')?.text).toBe('mine\n')
      expect(store.unsaved()).toEqual(['/memories/notes.md'])
      const kept = screen.getByRole('region', { name: 'Your set-aside version' })
      await user.click(within(kept).getByRole('button', { name: 'Copy my version' }))
      await waitFor(() => expect(main.clipboard).toEqual(['mine\n']))
      await user.click(within(kept).getByRole('button', { name: 'Put mine back' }))
      await waitFor(() => expect(shown()).toContain('mine'))
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false)
      expect(store.kept('/memories/notes.md')).toBeUndefined()
    })

    it('unsaved text survives the panel going away and coming back', async () => {
      const store = createDraftStore()
      const first = mount(store)
      await waitFor(() => expect(shown()).toContain('old'))
      typeInEditor('kept across switches\n')
      first.view.unmount()
      expect(store.unsaved()).toEqual(['/memories/notes.md'])
      render(
        <FilePanel
          entry={entry}
          drafts={store}
          pinnedPatterns={[]}
          savePins={async () => undefined}
          onMoved={() => undefined}
        />
      )
      await waitFor(() => expect(shown()).toContain('kept across switches'))
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false)
    })
  })
})

describe('FilePanel with the first part of a huge file', () => {
  it('shows it read-only with a message, and never saves it over the file', async () => {
    const main = installFakeMain({ memory: { '/memories/notes.md': 'first part\n' } })
    const real = main.api.memory
    window.cairn = {
      ...main.api,
      memory: {
        ...real,
        read: async (input) => ({
          ...(await real.read(input)),
          size: 40 * 1024 * 1024,
          truncated: true
        })
      }
    }
    renderPanel(main)
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      'This file is 40 MB, too large to edit here: showing its first 11 bytes, read-only. Split it into smaller files with another editor, or delete it.'
    )
    typeInEditor('replaced\n')
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toHaveProperty('disabled', true)
    const content = document
      .querySelector('.min-h-0.flex-1 > div')
      ?.shadowRoot?.querySelector('.cm-content')
    expect(content?.getAttribute('aria-readonly')).toBe('true')
    expect(main.callsTo('memory:write')).toEqual([])
  })
})

import { EditorView } from '@codemirror/view'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MemoryEntry } from '@shared/memory'
import { installFakeMain } from '../../test/fake-main'
import { createDraftStore } from './draft-store'
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

function renderPanel(main = installFakeMain({ memory: { '/memories/notes.md': 'old\n' } })) {
  render(
    <FilePanel
      entry={entry}
      version={0}
      drafts={createDraftStore()}
      pinnedPatterns={[]}
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
    expect(write?.expectedHash).toMatch(/^h4-/)
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

  it('asks before deleting, and deletes only when confirmed', async () => {
    const main = renderPanel()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete notes.md?' })
    expect(main.callsTo('memory:delete')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(main.memory.has('/memories/notes.md')).toBe(false))
  })
})

import { EditorView } from '@codemirror/view'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MemoryEntry } from '@shared/memory/memory'
import { installFakeMain } from '../../../test/fake-main'
import { createDraftStore } from './draft-store'
import { FilePanel } from './file-panel'

const KEY = 'AKIAQ2W3E4R5T6Y7U8I9'
const entry: MemoryEntry = {
  path: '/memories/notes.md',
  kind: 'file',
  size: 4,
  overCap: false,
  pinned: false
}

function editor(): EditorView {
  const content = document
    .querySelector('.min-h-0.flex-1 > div')
    ?.shadowRoot?.querySelector('.cm-content')
  const view = content ? EditorView.findFromDOM(content as HTMLElement) : null
  if (!view) throw new Error('editor not mounted')
  return view
}

async function typedSecret() {
  const main = installFakeMain({ memory: { '/memories/notes.md': 'old\n' } })
  render(
    <FilePanel
      entry={entry}
      drafts={createDraftStore()}
      pinnedPatterns={[]}
      savePins={async () => undefined}
      onMoved={() => undefined}
    />
  )
  await waitFor(() => expect(editor().state.doc.toString()).toBe('old\n'))
  const view = editor()
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: `old\nkey ${KEY}\n` } })
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Save' }))
  const alert = await screen.findByRole('alert')
  return { main, user, alert }
}

describe('a save the secret guard warns about', () => {
  it('names the kind and line, keeps the text unsaved, and offers Redact and save', async () => {
    const { main, user, alert } = await typedSecret()
    expect(alert.textContent).toContain('Not saved: the text contains an AWS access key (line 2).')
    expect(main.memory.get('/memories/notes.md')).toBe('old\n')
    await user.click(screen.getByRole('button', { name: 'Redact and save' }))
    await waitFor(() =>
      expect(main.memory.get('/memories/notes.md')).toBe('old\nkey [redacted: AWS access key]\n')
    )
    // The editor follows what was saved; the warning is gone.
    await waitFor(() =>
      expect(editor().state.doc.toString()).toBe('old\nkey [redacted: AWS access key]\n')
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('saves the text as typed on Save anyway', async () => {
    const { main, user } = await typedSecret()
    await user.click(screen.getByRole('button', { name: 'Save anyway' }))
    await waitFor(() => expect(main.memory.get('/memories/notes.md')).toBe(`old\nkey ${KEY}\n`))
    expect((main.callsTo('memory:write').at(-1) as { secrets?: string }).secrets).toBe('allow')
  })
})

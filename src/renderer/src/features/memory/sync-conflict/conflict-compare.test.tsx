import { EditorView } from '@codemirror/view'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConflictCompare } from './conflict-compare'

/** The compare's two editors (inside its shadow root): [disk, mine]. */
function sides(): [EditorView, EditorView] {
  const host = screen.getByRole('region', { name: /^Compare/ }).lastElementChild
  const found = [...(host?.shadowRoot?.querySelectorAll('.cm-content') ?? [])].map((el) =>
    EditorView.findFromDOM(el as HTMLElement)
  )
  const [disk, mine] = found
  if (!disk || !mine) throw new Error('compare not mounted')
  return [disk, mine]
}

function renderCompare(overrides: Partial<Parameters<typeof ConflictCompare>[0]> = {}) {
  const props = {
    path: '/memories/notes.md',
    disk: '# Notes\ntheirs\n',
    mine: '# Notes\nmine\n',
    busy: false,
    onMineChange: vi.fn(),
    onKeepMine: vi.fn(),
    onTakeDisk: vi.fn(),
    onCopyMine: vi.fn(),
    onClose: vi.fn(),
    ...overrides
  }
  const view = render(<ConflictCompare {...props} />)
  return { props, view }
}

describe('ConflictCompare', () => {
  it('shows the disk (read-only) beside my text, named for a screen reader', () => {
    renderCompare()
    const [disk, mine] = sides()
    expect(disk.state.doc.toString()).toBe('# Notes\ntheirs\n')
    expect(mine.state.doc.toString()).toBe('# Notes\nmine\n')
    expect(disk.state.readOnly).toBe(true)
    expect(mine.state.readOnly).toBe(false)
    expect(disk.contentDOM.getAttribute('aria-label')).toBe('notes.md on disk now (read-only)')
    expect(mine.contentDOM.getAttribute('aria-label')).toBe('Your version of notes.md')
    expect(screen.getByRole('alert').textContent).toContain('notes.md changed on disk')
    expect(screen.getByText('1 difference')).toBeTruthy()
  })

  it('"Keep mine" hands over the right side as merged by hand', async () => {
    const { props } = renderCompare()
    const [, mine] = sides()
    mine.dispatch({ changes: { from: mine.state.doc.length, insert: 'theirs\n' } })
    expect(props.onMineChange).toHaveBeenLastCalledWith('# Notes\nmine\ntheirs\n')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep mine' }))
    expect(props.onKeepMine).toHaveBeenCalledWith('# Notes\nmine\ntheirs\n')
  })

  it("copies my version, takes the disk's, or closes on request", async () => {
    const { props } = renderCompare()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Copy my version' }))
    expect(props.onCopyMine).toHaveBeenCalledWith('# Notes\nmine\n')
    await user.click(screen.getByRole('button', { name: 'Take the disk’s' }))
    expect(props.onTakeDisk).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: /^Close the compare/ }))
    expect(props.onClose).toHaveBeenCalledTimes(1)
  })

  it('follows the disk in place when it changes again, keeping my hand edits', async () => {
    const { props, view } = renderCompare()
    const [, mine] = sides()
    mine.dispatch({ changes: { from: 0, insert: 'merged ' } })
    view.rerender(<ConflictCompare {...props} disk={'# Notes\ntheirs, again\n'} />)
    const [disk, mineAfter] = sides()
    expect(mineAfter).toBe(mine) // not re-created
    expect(disk.state.doc.toString()).toBe('# Notes\ntheirs, again\n')
    expect(mine.state.doc.toString()).toBe('merged # Notes\nmine\n')
  })

  it('says when no differences are left and disables the choices while saving', async () => {
    const { props, view } = renderCompare({ mine: '# Notes\ntheirs\n' })
    await waitFor(() => expect(screen.getByText('No differences left')).toBeTruthy())
    view.rerender(<ConflictCompare {...props} busy />)
    expect(screen.getByRole('button', { name: 'Keep mine' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Take the disk’s' })).toHaveProperty('disabled', true)
  })
})

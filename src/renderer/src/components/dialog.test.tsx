import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Dialog } from './dialog'

const NewFile = ({ open }: { open: boolean }) => (
  <Dialog
    open={open}
    title="New memory file"
    confirmLabel="Create"
    field={{ label: 'Path inside the memory folder', initial: 'notes.md' }}
    onConfirm={() => undefined}
    onClose={() => undefined}
  />
)

describe('Dialog with a field', () => {
  it('leaves the focus where it is while closed, and puts it in the field when it opens', async () => {
    const elsewhere = document.body.appendChild(document.createElement('button'))
    elsewhere.focus()
    // Mounted closed, as in a view mounted hidden: the page keeps its focus.
    const { rerender } = render(<NewFile open={false} />)
    expect(document.activeElement).toBe(elsewhere)

    rerender(<NewFile open />)
    const field = screen.getByRole('textbox', { name: 'Path inside the memory folder' })
    await waitFor(() => expect(document.activeElement).toBe(field))
    elsewhere.remove()
  })
})

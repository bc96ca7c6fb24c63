import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createFakeAttachments } from '../../../test/fake-attachments'
import { installFakeMain } from '../../../test/fake-main'
import { Composer } from '../composer/composer'

function renderComposer(onSend = vi.fn((): Promise<boolean> => Promise.resolve(true))) {
  const main = installFakeMain()
  const user = userEvent.setup()
  render(
    <Composer
      conversationId="c1"
      running={false}
      hasKey
      onSend={onSend}
      onStop={() => undefined}
      onOpenSettings={() => undefined}
    />
  )
  return { main, user, onSend }
}

const pasteFiles = (files: File[]) =>
  fireEvent.paste(screen.getByRole('textbox', { name: 'Message Claude' }), {
    clipboardData: { files, types: ['Files'], getData: () => '' }
  })

describe('composer attachments', () => {
  it('a pasted image becomes a chip with its thumbnail; it can be removed by keyboard', async () => {
    const { main, user } = renderComposer()
    pasteFiles([new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' })])
    const tray = await screen.findByRole('list', { name: 'Attached files' })
    const chip = within(tray).getByRole('listitem')
    await waitFor(() => expect(chip.textContent).toContain('PNG · 64 × 32'))
    expect(chip.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/webp;base64,/)
    expect(main.callsTo('chat:add-attachment')).toEqual([{ name: 'chart.png', data: 'iVBORw==' }])
    within(tray).getByRole('button', { name: 'Remove chart.png' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull()
  })

  it('sends the files with the text, or alone; the tray empties', async () => {
    const { user, onSend } = renderComposer()
    pasteFiles([new File(['print(1)'], 'a.py', { type: 'text/x-python' })])
    await screen.findByText('Text · 1.2 KB')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSend).toHaveBeenCalledWith('', [{ hash: '1'.padStart(64, '0'), name: 'a.py' }])
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull()
  })

  it('a refused send puts the text and the files back', async () => {
    const { user } = renderComposer(vi.fn(() => Promise.resolve(false)))
    pasteFiles([new File(['x'], 'notes.md')])
    await screen.findByText('Text · 1.2 KB')
    const box = screen.getByRole('textbox', { name: 'Message Claude' })
    await user.type(box, 'read this{Enter}')
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('read this'))
    expect(screen.getByRole('listitem').textContent).toContain('notes.md')
  })

  it('a refused file is explained in an alert that can be dismissed', async () => {
    const { user } = renderComposer()
    pasteFiles([new File(['MZ'], 'setup.exe')])
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('“setup.exe” is application/x-msdownload, not an image')
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('the file button asks main (the OS dialog) and shows what it picked and refused', async () => {
    const { main, user } = renderComposer()
    main.picked.added.push(createFakeAttachments().info('scan.png'))
    main.picked.refused.push({
      name: 'big.pdf',
      message: '“big.pdf” is 40 MB; Cairn takes files up to 32 MB.'
    })
    await user.click(screen.getByRole('button', { name: 'Attach files' }))
    expect((await screen.findByRole('listitem')).textContent).toContain('scan.png')
    expect(screen.getByRole('alert').textContent).toContain('Cairn takes files up to 32 MB')
  })

  it('a file still being added holds the send button', async () => {
    const { main } = renderComposer()
    const release = main.hold('chat:add-attachment')
    pasteFiles([new File(['x'], 'slow.txt')])
    expect(await screen.findByText('Adding…')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
    release()
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(
        false
      )
    )
  })
})

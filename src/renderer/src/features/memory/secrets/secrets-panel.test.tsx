import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CairnError } from '@shared/errors'
import { installFakeMain } from '../../../test/fake-main'
import { SecretsPanel } from './secrets-panel'

const KEY = 'AKIAQ2W3E4R5T6Y7U8I9'

describe('SecretsPanel', () => {
  it('scans on request and lists each finding by file and line; Open opens the file', async () => {
    installFakeMain({
      memory: { '/memories/keys.md': `# Keys\naws ${KEY}\n`, '/memories/a.md': 'hi' }
    })
    const onOpen = vi.fn()
    const user = userEvent.setup()
    render(<SecretsPanel onOpen={onOpen} />)
    await user.click(screen.getByRole('button', { name: 'Scan memory for secrets' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '2 files scanned: 1 secret found. Open the file to remove it.'
    )
    const list = screen.getByRole('list', { name: 'Secrets found' })
    expect(within(list).getByText('/memories/keys.md, line 2')).toBeTruthy()
    expect(list.textContent).not.toContain(KEY)
    await user.click(
      within(list).getByRole('button', { name: 'Open /memories/keys.md (line 2: AWS access key)' })
    )
    expect(onOpen).toHaveBeenCalledWith('/memories/keys.md')
  })

  it('says when nothing was found, and shows a failure with its message', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'hi' } })
    const user = userEvent.setup()
    render(<SecretsPanel onOpen={() => undefined} />)
    await user.click(screen.getByRole('button', { name: 'Scan memory for secrets' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '1 file scanned: no secrets found.'
    )
    main.fail('memory:scan-secrets', new CairnError('MEMORY_CLOSED', 'The memory store is closed.'))
    await user.click(screen.getByRole('button', { name: 'Scan memory for secrets' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The memory store is closed.')
  })
})

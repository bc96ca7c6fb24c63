import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { installFakeMain } from '../../../test/fake-main'
import { AddServer } from './add-server'

describe('Settings → Tools → Add a server', () => {
  it('reviews the short form as the config Claude Desktop would write, and says why main refused it', async () => {
    const main = installFakeMain()
    main.fail('mcp:preview-import', new CairnError('MCP_READ_FAILED', 'The config is not valid.'))
    const user = userEvent.setup()
    render(<AddServer onAdd={() => Promise.resolve(true)} onClose={() => undefined} />)
    const review = screen.getByRole('button', { name: 'Review' })
    expect(review).toHaveProperty('disabled', true) // no command yet
    await user.type(screen.getByLabelText('Name'), 'files')
    await user.type(screen.getByLabelText('Command, or an https:// address'), 'npx')
    await user.type(screen.getByLabelText('Arguments, one per line'), '-y\n  server-files \n\n')
    await user.click(review)
    expect(main.callsTo('mcp:preview-import')).toEqual([
      {
        source: 'json',
        text: JSON.stringify({
          mcpServers: { files: { command: 'npx', args: ['-y', 'server-files'] } }
        })
      }
    ])
    expect((await screen.findByRole('alert')).textContent).toContain('The config is not valid.')
    // The form keeps what was typed, and the pasted-JSON review has its own button.
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'files')
    await user.click(screen.getByLabelText(/Or paste JSON/))
    await user.paste('{"mcpServers":{}}')
    await user.click(screen.getByRole('button', { name: 'Review pasted JSON' }))
    expect(main.callsTo('mcp:preview-import').at(-1)).toEqual({
      source: 'json',
      text: '{"mcpServers":{}}'
    })
  })
})

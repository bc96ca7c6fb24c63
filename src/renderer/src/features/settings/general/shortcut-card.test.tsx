import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DEFAULT_QUICK_ASK_SHORTCUT } from '@shared/app/accelerator'
import { installFakeMain } from '../../../test/fake-main'
import { ShortcutCard } from './shortcut-card'

const field = () => screen.getByRole('button', { name: /Shortcut/ })

describe('ShortcutCard', () => {
  it('shows the shortcut and records a new one from the keys pressed', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<ShortcutCard />)
    await waitFor(() => expect(field().textContent).toBe('Ctrl+Shift+Space'))
    await user.click(field())
    expect(field().textContent).toBe('Press the new shortcut…')
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}')
    await waitFor(() => expect(field().textContent).toBe('Ctrl+Alt+K'))
    expect(main.callsTo('shortcut:set')).toEqual([{ accelerator: 'CommandOrControl+Alt+K' }])
    expect(main.state.settings.settings.quickAskShortcut).toBe('CommandOrControl+Alt+K')
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeTruthy()
  })

  it('another app holds it: a clear message, and the old shortcut stays', async () => {
    const main = installFakeMain({ takenShortcuts: ['CommandOrControl+Alt+K'] })
    const user = userEvent.setup()
    render(<ShortcutCard />)
    await waitFor(() => expect(field().textContent).toBe('Ctrl+Shift+Space'))
    await user.click(field())
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Another app uses Ctrl+Alt+K; choose another shortcut.'
    )
    expect(field().textContent).toBe('Ctrl+Shift+Space')
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(main.state.settings.settings.quickAskShortcut).toBe(DEFAULT_QUICK_ASK_SHORTCUT)
  })

  it('says so when the saved shortcut could not be taken at start', async () => {
    installFakeMain({ takenShortcuts: [DEFAULT_QUICK_ASK_SHORTCUT] })
    render(<ShortcutCard />)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Another app uses Ctrl+Shift+Space, so quick ask has no shortcut. Choose another one below.'
    )
  })

  it('a key without Ctrl, Alt or ⌘ is explained, not saved; Esc stops recording', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<ShortcutCard />)
    await waitFor(() => expect(field().textContent).toBe('Ctrl+Shift+Space'))
    await user.click(field())
    await user.keyboard('k')
    expect(screen.getByText(/That combination cannot be used: a shortcut needs Ctrl/)).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(field().textContent).toBe('Ctrl+Shift+Space')
    expect(main.callsTo('shortcut:set')).toEqual([])
  })
})

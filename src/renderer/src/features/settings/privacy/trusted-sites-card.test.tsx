import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { defaultSettings } from '@shared/app/settings'
import { installFakeMain } from '../../../test/fake-main'
import { TrustedSitesCard } from './trusted-sites-card'

describe('TrustedSitesCard', () => {
  it('lists trusted sites and forgets one', async () => {
    const settings = {
      ...defaultSettings(),
      trustedLinkHosts: ['docs.example.com', 'xn--pple-43d.com']
    }
    const main = installFakeMain({ settings: { settings, notice: null } })
    const onSaved = vi.fn()
    render(<TrustedSitesCard settings={settings} onSaved={onSaved} />)
    expect(screen.getByRole('list', { name: 'Trusted sites' }).textContent).toContain(
      'xn--pple-43d.com (аpple.com)'
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forget docs.example.com' }))
    await waitFor(() =>
      expect(main.state.settings.settings.trustedLinkHosts).toEqual(['xn--pple-43d.com'])
    )
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ trustedLinkHosts: ['xn--pple-43d.com'] })
    )
  })

  it('says how a site gets here when there are none', () => {
    installFakeMain()
    render(<TrustedSitesCard settings={defaultSettings()} onSaved={() => undefined} />)
    expect(screen.getByText(/No trusted sites/)).toBeTruthy()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { APP_LINKS } from '@shared/app/links'
import { renderSettings } from '../../test/render-app'

describe('where API keys come from', () => {
  it('links to the Console API keys page through main (no confirmation: an app link), and says billing is separate', async () => {
    const { main, user } = await renderSettings()
    const settings = within(screen.getByRole('tabpanel', { name: /Settings/ }))
    const link = settings.getByRole('link', { name: /API keys page of the Claude Console/ })
    expect(link.getAttribute('href')).toBe(APP_LINKS.apiKeys)
    expect(
      settings.getByText(/API use is billed separately from a Claude subscription/)
    ).toBeTruthy()
    const before = window.location.href
    await user.click(link)
    await waitFor(() => expect(main.openedLinks).toEqual([APP_LINKS.apiKeys]))
    // Through app:open-external, asking nothing; the page itself did not navigate.
    expect(main.callsTo('app:open-external')).toEqual([{ url: APP_LINKS.apiKeys }])
    expect(window.location.href).toBe(before)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

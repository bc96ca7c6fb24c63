import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { renderSettings } from '../../../test/render-app'

const about = () => screen.getByRole('region', { name: 'About Cairn' })
const status = () => screen.getByRole('status', { name: 'Diagnostics status' }).textContent ?? ''

describe('About Cairn', () => {
  it('shows the versions and the log folder; Copy diagnostics puts the report on the clipboard', async () => {
    const { main, user } = await renderSettings({ storedKey: 'sk-ant-secret-key-9876' })
    await waitFor(() => expect(about().textContent).toContain('45.4.1'))
    expect(about().textContent).toContain('0.1.0-test')
    expect(about().textContent).toContain('/home/test/.config/Cairn/logs')

    await user.click(within(about()).getByRole('button', { name: 'Copy diagnostics' }))
    await waitFor(() => expect(status()).toMatch(/^Copied [\d,]+ characters/))
    expect(main.clipboard).toHaveLength(1)
    expect(main.clipboard[0]).toContain('Cairn 0.1.0-test')
    expect(main.clipboard[0]).not.toContain('sk-ant-secret-key-9876')
  })

  it('a failed copy says so, with what to do', async () => {
    const { main, user } = await renderSettings()
    main.fail('app:copy-text', new CairnError('INTERNAL', 'The clipboard is not available here.'))
    await user.click(within(about()).getByRole('button', { name: 'Copy diagnostics' }))
    await waitFor(() =>
      expect(status()).toBe(
        'Could not copy the diagnostics: The clipboard is not available here. Try again; if it keeps happening, restart Cairn.'
      )
    )
    expect(main.clipboard).toEqual([])
  })
})

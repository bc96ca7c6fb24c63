import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { renderSettings } from '../../test/render-app'

const region = () => screen.getByRole('region', { name: 'Memory folder' })

describe('Open memory folder', () => {
  it('asks main to open the folder and says where it is', async () => {
    const { main, user } = await renderSettings()
    expect(within(region()).queryByRole('status')).toBeNull()
    await user.click(within(region()).getByRole('button', { name: 'Open memory folder' }))
    const status = await within(region()).findByRole('status', { name: 'Memory folder status' })
    expect(status.textContent).toContain('Opened in your file manager')
    expect(status.textContent).toContain('/home/test/.config/Cairn/memories')
    expect(main.callsTo('app:open-memory-folder')).toHaveLength(1)
  })

  it('shows why it could not open it', async () => {
    const { main, user } = await renderSettings()
    main.fail(
      'app:open-memory-folder',
      new CairnError('OPEN_FOLDER_FAILED', 'Your file manager could not open the memory folder.')
    )
    await user.click(within(region()).getByRole('button', { name: 'Open memory folder' }))
    await waitFor(() =>
      expect(within(region()).getByRole('status').textContent).toContain(
        'Your file manager could not open the memory folder.'
      )
    )
  })
})

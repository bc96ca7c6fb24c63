import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { UpdatePhase, UpdateStatus } from '@shared/app/updates'
import { renderSettings } from '../../test/render-app'
import type { FakeMain } from '../../test/fake-main'

const status = (phase: UpdatePhase, extra: Partial<UpdateStatus> = {}): UpdateStatus => ({
  currentVersion: '0.1.0-test',
  mode: 'auto',
  channel: 'stable',
  checkedAt: null,
  phase,
  ...extra
})
const banner = () => screen.queryByTestId('update-banner')
const card = () => screen.getByRole('region', { name: 'Updates' })
const feed = (main: FakeMain, next: UpdateStatus) => act(() => main.updates.set(next))

describe('the update banner', () => {
  it('shows nothing in a development build; Settings says why', async () => {
    await renderSettings()
    expect(banner()).toBeNull()
    await waitFor(() =>
      expect(within(card()).getByTestId('update-status').textContent).toMatch(/development build/)
    )
    expect(within(card()).getByRole('button', { name: 'Check now' })).toHaveProperty(
      'disabled',
      true
    )
  })

  it('available → Download; downloading shows progress; ready → Restart to update with the notes', async () => {
    const { main, user } = await renderSettings()
    feed(main, status({ kind: 'available', version: '0.2.0', notes: 'Faster search' }))
    await waitFor(() => expect(banner()?.textContent).toContain('Cairn 0.2.0 is available'))
    await user.click(within(banner()!).getByRole('button', { name: 'Download' }))
    expect(main.callsTo('updates:download')).toHaveLength(1)

    feed(
      main,
      status({
        kind: 'downloading',
        version: '0.2.0',
        notes: 'Faster search',
        percent: 42,
        transferred: 42 * 1024 * 1024,
        total: 100 * 1024 * 1024
      })
    )
    const progress = within(banner()!).getByRole('progressbar')
    expect(progress.getAttribute('value')).toBe('42')
    expect(within(banner()!).getByTestId('update-percent').textContent).toBe(
      '42% · 42.0 MB of 100.0 MB. You can keep chatting.'
    )

    feed(
      main,
      status({ kind: 'ready', version: '0.2.0', notes: 'Faster search', waitingForReply: false })
    )
    expect(banner()?.textContent).toContain('Cairn 0.2.0 is ready to install')
    expect(within(banner()!).getByTestId('release-notes').textContent).toBe('Faster search')
    // Nothing restarts until the user asks.
    expect(main.callsTo('updates:restart')).toHaveLength(0)
    await user.click(within(banner()!).getByRole('button', { name: 'Restart to update' }))
    expect(main.callsTo('updates:restart')).toHaveLength(1)
  })

  it('waiting for a reply: says so, and offers no second restart', async () => {
    const { main } = await renderSettings()
    feed(main, status({ kind: 'ready', version: '0.2.0', notes: null, waitingForReply: true }))
    await waitFor(() =>
      expect(banner()?.textContent).toContain('Cairn will restart when the reply ends')
    )
    const button = within(banner()!).getByRole('button', { name: 'Waiting for the reply…' })
    expect(button).toHaveProperty('disabled', true)
    expect(within(banner()!).queryByRole('button', { name: 'Not now' })).toBeNull()
  })

  it('an error says what happened and what to do, with a retry of the step that failed', async () => {
    const { main, user } = await renderSettings()
    feed(
      main,
      status({
        kind: 'error',
        during: 'download',
        message: 'The update could not be downloaded.',
        nextStep: 'Choose Download to try again.'
      })
    )
    const alert = await screen.findByRole('alert', { name: 'Update failed' })
    expect(alert.textContent).toContain('The update could not be downloaded.')
    expect(alert.textContent).toContain('Choose Download to try again.')
    await user.click(within(alert).getByRole('button', { name: 'Download again' }))
    expect(main.callsTo('updates:download')).toHaveLength(1)
  })

  it('Not now hides it until the next state', async () => {
    const { main, user } = await renderSettings()
    feed(main, status({ kind: 'available', version: '0.2.0', notes: null }))
    await user.click(
      within(await screen.findByTestId('update-banner')).getByRole('button', { name: 'Not now' })
    )
    expect(banner()).toBeNull()
    feed(main, status({ kind: 'ready', version: '0.2.0', notes: null, waitingForReply: false }))
    expect(banner()).not.toBeNull()
  })
})

describe('Settings → Updates', () => {
  it('saves the mode and the channel at once, and Check now asks main', async () => {
    const { main, user } = await renderSettings()
    feed(main, status({ kind: 'not-available' }, { checkedAt: Date.UTC(2026, 10, 26, 9, 30) }))
    await waitFor(() =>
      expect(within(card()).getByTestId('update-status').textContent).toMatch(
        /^You have the latest version \(checked at/
      )
    )
    expect(within(card()).getByTestId('update-current').textContent).toBe('0.1.0-test')
    await user.click(within(card()).getByRole('radio', { name: /Notify only/ }))
    await waitFor(() => expect(main.state.settings.settings.updates.mode).toBe('notify'))
    await user.click(within(card()).getByRole('radio', { name: 'Beta' }))
    await waitFor(() => expect(main.state.settings.settings.updates.channel).toBe('beta'))
    expect(main.callsTo('settings:update')).toEqual([
      { updates: { mode: 'notify' } },
      { updates: { channel: 'beta' } }
    ])
    await user.click(within(card()).getByRole('button', { name: 'Check now' }))
    expect(main.callsTo('updates:check')).toHaveLength(1)
  })

  it('offers Download and Restart to update where the state calls for them', async () => {
    const { main, user } = await renderSettings()
    feed(main, status({ kind: 'available', version: '0.2.0', notes: null }, { mode: 'notify' }))
    await user.click(await within(card()).findByRole('button', { name: 'Download 0.2.0' }))
    expect(main.callsTo('updates:download')).toHaveLength(1)
    feed(main, status({ kind: 'ready', version: '0.2.0', notes: null, waitingForReply: false }))
    await user.click(within(card()).getByRole('button', { name: 'Restart to update' }))
    expect(main.callsTo('updates:restart')).toHaveLength(1)
    expect(within(card()).getByRole('button', { name: 'Check now' })).toHaveProperty(
      'disabled',
      true
    )
  })
})

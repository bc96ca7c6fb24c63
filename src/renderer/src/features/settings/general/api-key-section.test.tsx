import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderSettings } from '../../../test/render-app'

const KEY = 'sk-ant-api03-secret-value-9876'

const keyRegion = () => screen.getByRole('region', { name: 'API key' })
const keyInput = () => within(keyRegion()).getByLabelText('API key') as HTMLInputElement
const keyStatus = () => screen.getByRole('status', { name: 'API key status' }).textContent ?? ''
const button = (name: string) => within(keyRegion()).getByRole('button', { name })

/** Everything the page holds that a person or a script could read the key back from. */
function pageText(): string {
  return document.documentElement.outerHTML + (document.body.textContent ?? '')
}

describe('API key', () => {
  it('status shows source and hint, never the key; the input is masked and cleared after saving', async () => {
    const { main, user } = await renderSettings()
    expect(keyStatus()).toBe('Not set — Cairn needs an API key before it can chat.')
    expect(keyInput().type).toBe('password')
    expect(button('Save key')).toHaveProperty('disabled', true)

    await user.type(keyInput(), KEY)
    await user.click(button('Save key'))
    await waitFor(() =>
      expect(keyStatus()).toBe('Configured — stored in the system keychain · ends in 9876')
    )
    expect(main.callsTo('secrets:set-api-key')).toEqual([{ apiKey: KEY }])
    expect(main.state.keychainKey).toBe(KEY)
    expect(keyInput().value).toBe('')
    expect(pageText()).not.toContain(KEY)
    expect(pageText()).not.toContain(KEY.slice(0, -4))
  })

  it('KEYCHAIN_UNAVAILABLE shows the message and the session-only offer, which works', async () => {
    const { main, user } = await renderSettings({ keychain: 'missing' })
    expect(keyStatus()).toContain('Not set')
    expect(
      within(screen.getByRole('tabpanel')).getByText(/No system keychain answered/)
    ).toBeTruthy()

    await user.type(keyInput(), KEY)
    await user.click(button('Save key'))
    const alert = await within(keyRegion()).findByRole('alert')
    expect(alert.textContent).toContain('The system keychain is not available')
    expect(alert.textContent).toContain("Couldn't access platform storage")
    expect(alert.textContent).not.toContain('[KEYCHAIN_UNAVAILABLE]')
    expect(keyStatus()).not.toContain('9876')

    await user.click(within(alert).getByRole('button', { name: 'Keep for this session only' }))
    await waitFor(() =>
      expect(keyStatus()).toBe('Configured — kept for this session only · ends in 9876')
    )
    expect(main.callsTo('secrets:set-api-key')).toEqual([
      { apiKey: KEY },
      { apiKey: KEY, sessionOnly: true }
    ])
    expect(main.state.sessionKey).toBe(KEY)
    expect(within(keyRegion()).queryByRole('alert')).toBeNull()
    expect(keyInput().value).toBe('')
    expect(screen.getByText(/forgotten when Cairn quits/)).toBeTruthy()
    expect(pageText()).not.toContain(KEY)
  })

  it('a key from the environment says it cannot be cleared from the app', async () => {
    await renderSettings({ envKey: 'sk-ant-from-env-abcd' })
    expect(keyStatus()).toBe(
      'Configured — from the ANTHROPIC_API_KEY environment variable · ends in abcd'
    )
    expect(within(keyRegion()).queryByRole('button', { name: 'Remove key' })).toBeNull()
    expect(
      within(keyRegion()).getByText(/Cairn cannot clear a key that comes from the environment/)
    ).toBeTruthy()
    expect(pageText()).not.toContain('sk-ant-from-env')
  })

  it('Remove key clears a stored key', async () => {
    const { main, user } = await renderSettings({ storedKey: 'sk-ant-stored-key-1234' })
    expect(keyStatus()).toBe('Configured — stored in the system keychain · ends in 1234')
    await user.click(button('Remove key'))
    await waitFor(() => expect(keyStatus()).toContain('Not set'))
    expect(main.callsTo('secrets:clear-api-key')).toHaveLength(1)
    expect(main.state.keychainKey).toBeNull()
  })

  it('a malformed key is refused before it is sent, with a next step', async () => {
    const { main, user } = await renderSettings()
    await user.type(keyInput(), 'sk ant')
    await user.click(button('Save key'))
    const alert = within(keyRegion()).getByRole('alert')
    expect(alert.textContent).toContain('The API key is too short.')
    expect(alert.textContent).toContain('Paste the whole key')
    expect(main.callsTo('secrets:set-api-key')).toEqual([])
  })

  it('checks the key before saving: an OpenAI key is never sent, a refused key never saved', async () => {
    const { main, user } = await renderSettings()
    await user.type(keyInput(), 'sk-proj-abcdefghijklmnop')
    await user.click(button('Save key'))
    const alert = within(keyRegion()).getByRole('alert')
    expect(alert.textContent).toContain('looks like an OpenAI key')
    expect(main.callsTo('secrets:test')).toEqual([])
    expect(keyInput().getAttribute('aria-invalid')).toBe('true')

    await user.clear(keyInput())
    await user.type(keyInput(), 'sk-ant-api03-revoked-1111')
    await user.click(button('Save key'))
    await waitFor(() =>
      expect(within(keyRegion()).getByRole('alert').textContent).toContain(
        'Anthropic rejected this key'
      )
    )
    expect(main.callsTo('secrets:test')).toEqual([{ apiKey: 'sk-ant-api03-revoked-1111' }])
    expect(main.callsTo('secrets:set-api-key')).toEqual([])
    expect(document.activeElement).toBe(keyInput())
  })
})

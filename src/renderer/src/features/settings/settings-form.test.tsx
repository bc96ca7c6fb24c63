import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { defaultSettings } from '@shared/app/settings'
import { renderSettings } from '../../test/render-app'
import { FIELD_LABELS, fieldId } from './field-labels'

const field = (name: keyof typeof FIELD_LABELS) =>
  screen.getByRole('textbox', { name: FIELD_LABELS[name] }) as HTMLInputElement
const errorOf = (name: string) => document.getElementById(`${fieldId(name)}-error`)
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
const saveStatus = () => screen.getByRole('status', { name: 'Save status' }).textContent ?? ''

describe('Settings form', () => {
  it('shows every field with its saved value and its allowed range', async () => {
    await renderSettings()
    const defaults = defaultSettings()
    expect(field('model').value).toBe(defaults.model)
    expect(field('maxFileBytes').value).toBe('256 KB')
    expect(field('expiryDays').value).toBe(String(defaults.expiry.days))
    expect(field('keepToolUses').value).toBe(String(defaults.contextEditing.keepToolUses))
    expect(field('memoryGuidance').value).toBe(defaults.memoryGuidance)
    expect(screen.getByRole('checkbox', { name: /Drop old memory look-ups/ })).toHaveProperty(
      'checked',
      true
    )
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true)
    // Range as helper text in units, and the exact bytes beside a size field.
    const help = document.getElementById(`${fieldId('maxFileBytes')}-help`)?.textContent
    expect(help).toContain('Allowed: 1 KB to 10 MB')
    expect(field('maxFileBytes').getAttribute('aria-describedby')).toContain(
      `${fieldId('maxFileBytes')}-help`
    )
    expect(document.getElementById(`${fieldId('maxFileBytes')}-aside`)?.textContent).toBe(
      '= 262,144 bytes'
    )
    expect(saveButton().disabled).toBe(true)
  })

  it('an out-of-range cap shows an inline error naming the range, and nothing is sent', async () => {
    const { main, user } = await renderSettings()
    await user.clear(field('maxFileBytes'))
    await user.type(field('maxFileBytes'), '5')

    const error = errorOf('maxFileBytes')
    expect(error?.getAttribute('role')).toBe('alert')
    expect(error?.textContent).toBe('Must be between 1 KB and 10 MB.')
    expect(field('maxFileBytes').getAttribute('aria-invalid')).toBe('true')
    expect(field('maxFileBytes').getAttribute('aria-describedby')).toContain(error?.id)
    expect(saveButton().disabled).toBe(true)

    // Neither the shortcut nor submitting the form gets past the check.
    await user.keyboard('{Control>}s{/Control}')
    fireEvent.submit(saveButton().form as HTMLFormElement)
    await act(() => Promise.resolve())
    expect(main.callsTo('settings:update')).toEqual([])
    expect(saveStatus()).toMatch(/Fix the field/)
    expect(document.activeElement).toBe(field('maxFileBytes'))

    // Back in range: the error goes and Save comes back.
    await user.clear(field('maxFileBytes'))
    await user.type(field('maxFileBytes'), '2048')
    expect(errorOf('maxFileBytes')).toBeNull()
    expect(saveButton().disabled).toBe(false)
  })

  it('names the range for text that is not a number, and for an empty model', async () => {
    const { user } = await renderSettings()
    await user.clear(field('maxTokens'))
    await user.type(field('maxTokens'), 'lots')
    expect(errorOf('maxTokens')?.textContent).toContain('between 1 and 128,000')
    await user.clear(field('model'))
    expect(errorOf('model')?.textContent).toBe('Cannot be empty.')
    expect(saveStatus()).toContain('Fix 2 fields')
  })

  it('the memory round cap (named by the round-limit notice) is checked and saved', async () => {
    const { main, user } = await renderSettings()
    expect(field('maxToolRounds').value).toBe(String(defaultSettings().maxToolRounds))
    await user.clear(field('maxToolRounds'))
    await user.type(field('maxToolRounds'), '500')
    expect(errorOf('maxToolRounds')?.textContent).toBe('Must be a whole number between 1 and 200.')
    await user.clear(field('maxToolRounds'))
    await user.type(field('maxToolRounds'), '40')
    await user.click(saveButton())
    await waitFor(() => expect(saveStatus()).toBe('Saved.'))
    expect(main.callsTo('settings:update')).toEqual([{ maxToolRounds: 40 }])
    expect(main.state.settings.settings.maxToolRounds).toBe(40)
  })

  it('a valid change sends only the changed fields, then says Saved', async () => {
    const { main, user } = await renderSettings()
    await user.clear(field('maxFiles'))
    await user.type(field('maxFiles'), '250')
    await user.clear(field('keepToolUses'))
    await user.type(field('keepToolUses'), '5')
    await user.type(
      screen.getByRole('textbox', { name: 'Pinned files' }),
      ' notes/*.md {Enter}{Enter}me.md'
    )
    await user.click(screen.getByRole('radio', { name: /By age/ }))
    expect(saveStatus()).toBe('4 changes to save.')

    await user.click(saveButton())
    await waitFor(() => expect(saveStatus()).toBe('Saved.'))
    expect(main.callsTo('settings:update')).toEqual([
      {
        memory: { maxFiles: 250 },
        expiry: { mode: 'age', pinned: ['notes/*.md', 'me.md'] },
        contextEditing: { keepToolUses: 5 }
      }
    ])
    expect(main.state.settings.settings.memory.maxFiles).toBe(250)
    expect(field('maxFiles').value).toBe('250')
    expect(saveButton().disabled).toBe(true)
  })

  it('Ctrl/Cmd+S saves while Settings is open', async () => {
    const { main, user } = await renderSettings()
    await user.clear(field('model'))
    await user.type(field('model'), 'claude-opus-4-1')
    await user.keyboard('{Meta>}s{/Meta}')
    await waitFor(() => expect(saveStatus()).toBe('Saved.'))
    expect(main.callsTo('settings:update')).toEqual([{ model: 'claude-opus-4-1' }])
  })

  it('Ctrl/Cmd+S does nothing outside Settings, and Discard restores the saved values', async () => {
    const { main, user } = await renderSettings()
    await user.clear(field('maxFiles'))
    await user.type(field('maxFiles'), '64')
    await user.keyboard('{Control>}1{/Control}')
    await user.keyboard('{Control>}s{/Control}')
    await act(() => Promise.resolve())
    expect(main.callsTo('settings:update')).toEqual([])

    await user.keyboard('{Control>}3{/Control}')
    expect(field('maxFiles').value).toBe('64')
    await user.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(field('maxFiles').value).toBe(String(defaultSettings().memory.maxFiles))
    expect(saveStatus()).toBe('No changes.')
  })

  it('shows a failed save with the message from main and keeps the edit', async () => {
    const { main, user } = await renderSettings()
    main.fail(
      'settings:update',
      new CairnError(
        'SETTINGS_WRITE_FAILED',
        'Your settings could not be saved (EROFS). Check that the disk is not full or read-only, then try again.'
      )
    )
    await user.clear(field('maxFiles'))
    await user.type(field('maxFiles'), '42')
    await user.click(saveButton())
    await waitFor(() => expect(saveStatus()).toContain('Could not save'))
    expect(saveStatus()).toContain('(EROFS). Check that the disk is not full')
    expect(saveStatus()).not.toContain('[SETTINGS_WRITE_FAILED]')
    expect(field('maxFiles').value).toBe('42')
    expect(saveButton().disabled).toBe(false)
  })

  it('shows that a save is under way', async () => {
    const { main, user } = await renderSettings()
    const release = main.hold('settings:update')
    await user.clear(field('maxFiles'))
    await user.type(field('maxFiles'), '77')
    await user.click(saveButton())
    expect(saveStatus()).toBe('Saving…')
    expect(saveButton().disabled).toBe(true)
    expect(saveButton().getAttribute('aria-busy')).toBe('true')
    release()
    await waitFor(() => expect(saveStatus()).toBe('Saved.'))
  })

  it('settings:changed refreshes untouched fields and keeps what is being edited', async () => {
    const { main, user } = await renderSettings()
    await user.clear(field('maxFiles'))
    await user.type(field('maxFiles'), '12')
    const changed = defaultSettings()
    changed.memory.maxFiles = 999
    changed.maxTokens = 8000
    act(() => main.emit('settings:changed', { settings: changed }))
    expect(field('maxTokens').value).toBe('8000')
    expect(field('maxFiles').value).toBe('12')
  })
})

describe('Approval setting', () => {
  it('offers the three modes in plain words and saves the one chosen', async () => {
    const { main, user } = await renderSettings()
    const group = screen.getByRole('group', { name: 'When Claude changes memory' })
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.labels?.[0]?.querySelector('.choice__label')?.textContent)).toEqual([
      'Automatic',
      'Ask before changes that remove or overwrite',
      'Ask before every change'
    ])
    expect(radios[0]?.checked).toBe(true)
    await user.click(within(group).getByRole('radio', { name: /^Ask before every change/ }))
    await user.click(saveButton())
    await waitFor(() =>
      expect(main.callsTo('settings:update')).toEqual([{ memoryWriteApproval: 'ask-all' }])
    )
    expect(main.state.settings.settings.memoryWriteApproval).toBe('ask-all')
  })
})

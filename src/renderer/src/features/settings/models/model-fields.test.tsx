import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { renderSettings } from '../../../test/render-app'
import { FIELD_LABELS } from '../field-labels'

const picker = () => screen.getByRole('combobox', { name: 'Available models' }) as HTMLSelectElement
const modelId = () => screen.getByRole('textbox', { name: FIELD_LABELS.model }) as HTMLInputElement
const optionLabels = () => [...picker().options].map((o) => o.textContent)

describe('Model picker', () => {
  it('lists the models the API offers; choosing one fills the model ID and saves it', async () => {
    const { main, user } = await renderSettings({ storedKey: 'sk-ant-test-1234' })
    await waitFor(() =>
      expect(optionLabels()).toEqual([
        'Automatic: newest Sonnet (now Claude Sonnet 4.6)',
        'Claude Opus 4.1 (claude-opus-4-1)',
        'Claude Sonnet 4.6 (claude-sonnet-4-6)',
        'Other: typed below'
      ])
    )
    expect(main.callsTo('chat:list-models')).toEqual([{ refresh: false }])
    // New settings follow the API's newest Sonnet.
    expect(picker().value).toBe('auto')
    expect(modelId().value).toBe('auto')
    expect(screen.getByText('2 models from the Anthropic API.')).toBeTruthy()

    await user.selectOptions(picker(), 'claude-opus-4-1')
    expect(modelId().value).toBe('claude-opus-4-1')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(main.state.settings.settings.model).toBe('claude-opus-4-1'))

    // Coming back to Settings does not ask again: the list is complete.
    await user.keyboard('{Control>}1{/Control}')
    await user.keyboard('{Control>}3{/Control}')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(main.callsTo('chat:list-models')).toHaveLength(1)

    // A typed ID that is not listed shows as "Other".
    await user.clear(modelId())
    await user.type(modelId(), 'claude-private-preview')
    expect(picker().value).toBe('')
  })

  it('without a key, says why there is no list and still takes a typed ID', async () => {
    const { main, user } = await renderSettings()
    await waitFor(() =>
      expect(
        screen.getByText(/could not be loaded \(no API key is set\).*Refresh once a key is set/)
      ).toBeTruthy()
    )
    // Setting a key and refreshing brings the list.
    main.state.keychainKey = 'sk-ant-test-5678'
    await user.click(screen.getByRole('button', { name: 'Refresh the model list' }))
    await waitFor(() => expect(optionLabels()).toHaveLength(4))
    expect(main.callsTo('chat:list-models')).toEqual([{ refresh: false }, { refresh: true }])
  })

  it('a failed request shows its message with a next step, and the ID field stays usable', async () => {
    const { main, user } = await renderSettings({ storedKey: 'sk-ant-test-1234' })
    await waitFor(() => expect(optionLabels()).toHaveLength(4))
    main.fail('chat:list-models', new CairnError('INTERNAL', 'The model list could not be read.'))
    await user.click(screen.getByRole('button', { name: 'Refresh the model list' }))
    await waitFor(() =>
      expect(
        screen.getByText(/The model list could not be read\. Try again;.*type a model ID below/)
      ).toBeTruthy()
    )
    // The list fetched before stays choosable.
    expect(optionLabels()).toHaveLength(4)
    await user.clear(modelId())
    await user.type(modelId(), 'claude-haiku-4-5')
    expect(modelId().value).toBe('claude-haiku-4-5')
  })
})

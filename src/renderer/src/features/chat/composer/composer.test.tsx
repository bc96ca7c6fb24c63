import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { installFakeMain } from '../../../test/fake-main'
import { Composer } from './composer'

function renderComposer(hasKey: boolean | null) {
  installFakeMain()
  const onSend = vi.fn((): Promise<boolean> => Promise.resolve(true))
  render(
    <Composer
      conversationId="c1"
      running={false}
      hasKey={hasKey}
      onSend={onSend}
      onStop={() => undefined}
      onOpenSettings={() => undefined}
    />
  )
  return { user: userEvent.setup(), onSend }
}

describe('the composer and the API key', () => {
  it('sends on Enter before it knows whether a key is set (a window just opened on a busy machine)', async () => {
    const { user, onSend } = renderComposer(null)
    const box = screen.getByRole('textbox', { name: 'Message Claude' })
    await user.type(box, 'Any museum?{Enter}')
    expect(onSend).toHaveBeenCalledWith('Any museum?', [])
    expect((box as HTMLTextAreaElement).value).toBe('')
  })

  it('with no key, says so and offers Settings instead of a box that sends nothing', () => {
    renderComposer(false)
    expect(screen.queryByRole('textbox', { name: 'Message Claude' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add your key in Settings' })).toBeTruthy()
  })
})

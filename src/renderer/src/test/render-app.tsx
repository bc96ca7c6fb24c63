import { render, screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import { App } from '../App'
import { ChatView } from '../features/chat/chat-view'
import { preloadViews } from '../lazy-views'
import { installFakeMain, type FakeMainOptions } from './fake-main'

/** The whole app over a fake main, loaded and switched to Settings the way a person would. */
export async function renderSettings(options?: FakeMainOptions) {
  await preloadViews() // as once the first view is idle: Settings shows as soon as it is chosen
  const main = installFakeMain(options)
  const user = userEvent.setup()
  render(<App />)
  await waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBeNull())
  await user.click(screen.getByRole('tab', { name: /Settings/ }))
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'API key status' }).textContent).not.toContain(
      'Checking'
    )
  )
  return { main, user }
}

/** The chat view alone over a fake main, as the app shows it when Chat is the active tab. */
export function renderChat(options?: FakeMainOptions) {
  const main = installFakeMain(options)
  const user = userEvent.setup()
  const view = render(
    <ChatView
      onOpenSettings={() => undefined}
      onOpenMemory={() => undefined}
      newChatSignal={0}
      active
    />
  )
  return { main, user, view }
}

/** Picks the chat's model once the API's list has reached the picker (it loads after the chat shows). */
export async function chooseChatModel(user: UserEvent, modelId: string) {
  const picker = await screen.findByRole<HTMLSelectElement>('combobox', {
    name: 'Model for this chat'
  })
  await waitFor(() => expect(picker.querySelector(`option[value="${modelId}"]`)).not.toBeNull())
  await user.selectOptions(picker, modelId)
  await waitFor(() => expect(picker.value).toBe(modelId))
  return picker
}

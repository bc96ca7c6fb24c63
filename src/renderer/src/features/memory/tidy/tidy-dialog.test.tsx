import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { duplicateDeleted } from '../../../test/fake-tidy'
import { installFakeMain } from '../../../test/fake-main'
import { TidyButton } from './tidy-button'
import { TidyDialog } from './tidy-dialog'

// The tidy runs in main from the moment it starts: its progress (even "ready") can come before
// `tidy:start` has answered with its id. The dialog must still reach the review.

const proposal = duplicateDeleted({
  path: '/memories/copy.md',
  before: 'same\n',
  reason: 'A copy of notes.md',
  folderFiles: 2
})

it('a tidy that is ready before its start has answered still opens the review', async () => {
  const main = installFakeMain()
  const user = userEvent.setup()
  render(<TidyDialog space="default" onClose={() => undefined} />)
  const start = await screen.findByRole('button', { name: 'Start the tidy' })
  await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false))
  const release = main.hold('tidy:start')
  await user.click(start)
  // Main has finished before the renderer heard the session's id.
  main.tidy.working(1)
  main.tidy.ready(proposal)
  release()
  expect(await screen.findByText('A copy of notes.md')).toBeTruthy()
})

// Main holds the tidy: a window that reloads (or shows Memory again) finds it where it is.
it('Memory opens the tidy main still runs, with its progress, then its review', async () => {
  const main = installFakeMain()
  main.tidy.working(2)
  render(<TidyButton />)
  expect(await screen.findByText(/2 changes proposed so far/)).toBeTruthy()
  main.tidy.ready(proposal)
  expect(await screen.findByRole('heading', { name: 'Review the tidy' })).toBeTruthy()
  expect(screen.getByText('A copy of notes.md')).toBeTruthy()
})

it('Memory opens a proposal waiting for review', async () => {
  const main = installFakeMain()
  main.tidy.working(1)
  main.tidy.ready(proposal)
  render(<TidyButton />)
  expect(await screen.findByRole('heading', { name: 'Review the tidy' })).toBeTruthy()
  expect(screen.getByRole('checkbox', { name: /^Change 1:/ })).toBeTruthy()
})

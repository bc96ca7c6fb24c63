import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import type { TidyProposal } from '@shared/tidy/tidy'
import { FAKE_TIDY_SESSION } from '../../../test/fake-tidy'
import { installFakeMain } from '../../../test/fake-main'
import { TidyButton } from './tidy-button'
import { TidyDialog } from './tidy-dialog'

// The tidy runs in main from the moment it starts: its progress (even "ready") can come before
// `tidy:start` has answered with its id. The dialog must still reach the review.

const proposal: TidyProposal = {
  sessionId: FAKE_TIDY_SESSION,
  space: 'default',
  model: 'claude-haiku-4-5',
  focus: '',
  summary: 'One duplicate merged.',
  changes: [
    {
      id: 1,
      command: 'delete',
      path: '/memories/copy.md',
      reason: 'A copy of notes.md',
      preview: { before: 'same\n', after: null },
      needs: []
    }
  ],
  files: [
    {
      path: '/memories/copy.md',
      changeIds: [1],
      before: 'same\n',
      after: null,
      forgotten: []
    }
  ],
  totals: {
    before: { files: 2, bytes: 10, shareOfFiles: 0.001, shareOfBytes: 0.001 },
    after: { files: 1, bytes: 5, shareOfFiles: 0.0005, shareOfBytes: 0.0005 }
  }
}

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

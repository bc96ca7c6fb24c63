import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { duplicateDeleted } from '../../../test/fake-tidy'
import { installFakeMain } from '../../../test/fake-main'
import { MemoryView } from '../memory-view'

// A suggested tidy as a Message Batch (issue 39): the suggestion's Tidy… offers "As a batch" at
// half the price; once sent, Memory's line says it is waiting, then "Tidy ready for review" with
// Review… opening the same review; an expired batch says so with Tidy… as the way on.

const notes = { '/memories/a.md': 'a\n', '/memories/b.md': 'b\n', '/memories/c.md': 'c\n' }

const proposal = duplicateDeleted({
  path: '/memories/c.md',
  before: 'c\n',
  reason: 'c.md repeats a.md',
  folderFiles: 3
})

/** The Memory view's message line a text is on (the toolbar has a Tidy… of its own). */
const lineOf = (text: HTMLElement) => text.closest('[role="status"]') as HTMLElement

const view = () =>
  render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)

describe('a suggested tidy as a batch', () => {
  it('is sent at half price, waits, then opens the review when ready', async () => {
    const main = installFakeMain({ memory: notes })
    main.memoryLimits.maxFiles = 3
    await main.api.settings.update({ tidySuggest: { enabled: true } })
    const user = userEvent.setup()
    view()
    const line = await screen.findByText('This memory is at 100% of its file limit.')
    await user.click(within(lineOf(line)).getByRole('button', { name: 'Tidy…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tidy memory' })
    await within(dialog).findByText(/about \$0\.0001\)/)
    await user.click(
      within(dialog).getByLabelText(/^As a batch \(ready in a few hours, half price\)/)
    )
    await within(dialog).findByText(/about \$0\.0001 at the batch price/)
    expect(main.callsTo('tidy:estimate').at(-1)).toMatchObject({ mode: 'batch' })
    await user.click(within(dialog).getByRole('button', { name: 'Send as a batch' }))
    await within(dialog).findByText(/^Sent as a batch\./)
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(await screen.findByText(/^Tidy running as a batch/)).toBeTruthy()
    expect(screen.queryByText(/of its file limit/)).toBeNull()

    main.tidy.batch(
      {
        space: 'default',
        batchId: 'msgbatch_01fake',
        model: 'claude-haiku-4-5',
        focus: '',
        sentAt: '2026-11-28T04:00:00Z',
        status: 'ready',
        text: 'Tidy ready for review: Claude’s answer to the batch is in. Nothing changes until you review it.'
      },
      proposal
    )
    await screen.findByText(/^Tidy ready for review/)
    await user.click(screen.getByRole('button', { name: 'Review…' }))
    const review = await screen.findByRole('dialog', { name: 'Review the tidy' })
    expect(await within(review).findByText('c.md repeats a.md')).toBeTruthy()
    expect(main.callsTo('tidy:batch-review')).toEqual([{ space: 'default' }])
  })

  it('a waiting batch can be cancelled from its line: the line goes, main lets it go', async () => {
    const main = installFakeMain({ memory: notes })
    const user = userEvent.setup()
    view()
    await screen.findByText('a.md')
    await main.api.tidy.batchStart({ space: 'default', focus: '' })
    const line = await screen.findByText(/^Tidy running as a batch/)
    await user.click(within(lineOf(line)).getByRole('button', { name: 'Cancel the batch' }))
    await waitFor(() => expect(screen.queryByText(/^Tidy running as a batch/)).toBeNull())
    expect(main.callsTo('tidy:batch-clear')).toEqual([{ space: 'default' }])
  })

  it('an expired batch says so, and Tidy… opens a live tidy', async () => {
    const main = installFakeMain({ memory: notes })
    const user = userEvent.setup()
    view()
    await screen.findByText('a.md')
    main.tidy.batch({
      space: 'default',
      batchId: 'msgbatch_01fake',
      model: 'claude-haiku-4-5',
      focus: '',
      sentAt: '2026-11-28T04:00:00Z',
      status: 'failed',
      text: 'The tidy batch expired before Claude answered. Nothing changed; Tidy… runs it live instead.'
    })
    const line = await screen.findByText(/^The tidy batch expired/)
    await user.click(within(lineOf(line)).getByRole('button', { name: 'Tidy…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tidy memory' })
    // Not a suggestion any more: the live tidy, without the batch choice.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Start the tidy' })))
    expect(within(dialog).queryByText(/As a batch/)).toBeNull()
  })
})

import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { TidyProposal } from '@shared/tidy/tidy'
import { FAKE_TIDY_SESSION } from '../../../test/fake-tidy'
import { TidyReview } from './tidy-review'

// A proposal of many changes: every change's checkbox is there at once (keyboard, Accept all),
// but a diff is drawn only when it comes near the view (issue 39's 500 ms to interactive).

const N = 40
const proposal: TidyProposal = {
  sessionId: FAKE_TIDY_SESSION,
  space: 'default',
  model: 'claude-haiku-4-5',
  focus: '',
  summary: '',
  changes: Array.from({ length: N }, (_, i) => ({
    id: i + 1,
    command: 'str_replace' as const,
    path: `/memories/note-${i + 1}.md`,
    reason: `Reason ${i + 1}`,
    preview: { before: `# Note\n- old ${i}\n`, after: `# Note\n- new ${i}\n` },
    needs: []
  })),
  files: [],
  totals: {
    before: { files: N, bytes: 100, shareOfFiles: 0.1, shareOfBytes: 0.1 },
    after: { files: N, bytes: 100, shareOfFiles: 0.1, shareOfBytes: 0.1 }
  }
}

/** An IntersectionObserver that says nothing until a test brings an element into view. */
function stubObserver() {
  const watched = new Map<Element, (entries: Array<{ isIntersecting: boolean }>) => void>()
  class Stub {
    constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
    observe(element: Element) {
      watched.set(element, this.callback)
    }
    disconnect() {
      for (const [element, callback] of watched)
        if (callback === this.callback) watched.delete(element)
    }
  }
  vi.stubGlobal('IntersectionObserver', Stub)
  return {
    count: () => watched.size,
    bringIntoView(index: number) {
      const [element, callback] = [...watched][index]!
      act(() => callback([{ isIntersecting: true, target: element } as never]))
    }
  }
}

afterEach(() => vi.unstubAllGlobals())

it('draws a diff only when it comes near the view; every checkbox is there from the start', () => {
  const view = stubObserver()
  render(
    <TidyReview proposal={proposal} onApply={async () => undefined} onDiscard={() => undefined} />
  )
  expect(screen.getAllByRole('checkbox')).toHaveLength(N)
  expect(screen.queryAllByRole('table')).toHaveLength(0)
  expect(view.count()).toBe(N)
  view.bringIntoView(0)
  expect(screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'))).toEqual([
    'What change 1 does to note-1.md'
  ])
})

import { useEffect, useRef } from 'react'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import type { TidyProposal } from '@shared/tidy/tidy'
import { call } from '../../../lib/api'

// The tidy dialog's batch steps: what it says once a batch is sent, and opening the review of a
// finished one (main plans Claude's answer through the overlay, then it is reviewed as any other).

export function BatchSent({ batch, onClose }: { batch: TidyBatch; onClose(): void }) {
  return (
    <>
      <p role="status">
        Sent as a batch. Claude’s answer is usually ready within a few hours (at most a day); Cairn
        checks in the background, and Memory says “Tidy ready for review” when it is. Nothing
        changes until you review it.
      </p>
      <p className="text-[13px] text-muted">Model: {batch.model}</p>
      <div className="flex justify-end">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  )
}

/** While `opening`: the finished batch's proposal, or why there is none. */
export function useBatchReview(
  space: SpaceId,
  opening: boolean,
  done: (next: { proposal?: TidyProposal; problem?: string }) => void
): void {
  const latest = useRef(done)
  useEffect(() => {
    latest.current = done
  })
  useEffect(() => {
    if (!opening) return
    let live = true
    call((api) => api.tidy.batchReview({ space }))
      .then(({ sessionId }) => call((api) => api.tidy.proposal({ space, sessionId })))
      .then(
        (proposal) => live && latest.current({ proposal }),
        (error: unknown) => live && latest.current({ problem: CairnError.from(error).message })
      )
    return () => {
      live = false
    }
  }, [space, opening])
}

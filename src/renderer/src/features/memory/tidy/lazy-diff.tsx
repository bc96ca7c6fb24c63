import { useEffect, useRef, useState } from 'react'
import { DiffView } from '../../../components/diff-view'

// A tidy's review can hold hundreds of diffs (issue 39: 200 changes must be interactive within
// 500 ms). Each diff is computed and rendered only when it comes near the scrolled view; until
// then a blank of about its height keeps the scrollbar honest.

/** How far ahead of the view a diff is drawn, so scrolling rarely reaches a blank. */
const AHEAD = '1200px 0px'
/** A diff folds unchanged runs (2 lines of context), so an edit shows about this many rows. */
const EDIT_ROWS = 7
const ROW_HEIGHT_REM = 1.25 // leading-5

const lineCount = (text: string) => text.split('\n').length

function estimatedRows(before: string, after: string): number {
  if (!before || !after) return Math.min(lineCount(before || after), 400)
  return Math.min(EDIT_ROWS, Math.max(lineCount(before), lineCount(after)))
}

/** The nearest ancestor that scrolls: the observer's root, so `AHEAD` counts inside it. */
function scrollingAncestor(element: Element): Element | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if (overflowY === 'auto' || overflowY === 'scroll') return node
  }
  return null
}

export function LazyDiff({
  before,
  after,
  label
}: {
  before: string
  after: string
  label: string
}) {
  const blank = useRef<HTMLDivElement>(null)
  // Without IntersectionObserver (tests' jsdom) every diff is drawn at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = blank.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { root: scrollingAncestor(element), rootMargin: AHEAD }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  if (near) return <DiffView before={before} after={after} label={label} />
  return (
    <div
      ref={blank}
      aria-hidden
      className="rounded-control border border-line"
      style={{ height: `${estimatedRows(before, after) * ROW_HEIGHT_REM + 0.5}rem` }}
    />
  )
}

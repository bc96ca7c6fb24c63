import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

/** Within this many px of the end, the list counts as "at the bottom" (following resumes). */
const BOTTOM_SLACK = 24
/** Keys that scroll a focused list towards older messages. */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home'])

interface Options {
  /** The ids of what the list shows, oldest first (saved messages and replies being written). */
  ids: string[]
  /** The newest message the user wrote: a new one (sent or edited) always brings the list down. */
  lastUserId: string | undefined
  /** What the list shows (its rows): each change is followed in the same commit, before paint. */
  content: unknown
}

/**
 * The message list follows the newest words while it is at the bottom. Scrolling up (wheel, keys,
 * the scroll bar) stops that and counts the messages that arrive meanwhile; reaching the bottom
 * again, "Latest" or sending resumes it. Virtuoso's own followOutput only follows a growing row
 * for 100 ms after a row is added, so a long answer was left behind; this follows every size change.
 */
export function useFollowOutput({ ids, lastUserId, content }: Options) {
  const scroller = useRef<HTMLElement | null>(null)
  const following = useRef(true)
  const lastTop = useRef(0)
  /** What was shown when the user scrolled away (null while following). */
  const [seen, setSeen] = useState<ReadonlySet<string> | null>(null)
  const idsRef = useRef(ids)
  useEffect(() => {
    idsRef.current = ids
  }, [ids])

  const stick = useCallback(() => {
    const el = scroller.current
    if (!el) return
    el.scrollTop = el.scrollHeight
    lastTop.current = el.scrollTop
  }, [])
  const follow = useCallback(() => {
    following.current = true
    setSeen(null)
    stick()
  }, [stick])
  const leave = useCallback(() => {
    // A short chat does not scroll: the wheel moves nothing, so there is nothing to leave.
    const el = scroller.current
    if (!following.current || !el || el.scrollHeight - el.clientHeight <= BOTTOM_SLACK) return
    following.current = false
    setSeen(new Set(idsRef.current))
  }, [])

  /** A pointer (the scroll bar) or a finger is down on the list: its scrolling is the user's. */
  const gesture = useRef(false)
  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el) return
    const top = el.scrollTop
    if (el.scrollHeight - el.clientHeight - top <= BOTTOM_SLACK) {
      if (!following.current) follow()
    } else if (gesture.current && top < lastTop.current - 1) leave()
    lastTop.current = top
  }, [follow, leave])
  // Stop before the scroll lands, so a growing answer cannot pull the view back down meanwhile.
  // Only the user's own moves count: the list also moves itself (rows measured, a draft saved).
  const onWheel = useCallback((event: WheelEvent) => event.deltaY < 0 && leave(), [leave])
  const onKey = useCallback((event: KeyboardEvent) => UP_KEYS.has(event.key) && leave(), [leave])
  const onPress = useCallback(() => (gesture.current = true), [])
  const onRelease = useCallback(() => (gesture.current = false), [])

  // The rows' real height (after layout), whatever changed it: a streamed line, an image, a chip.
  const resize = useRef<ResizeObserver | null>(null)
  const observed = useRef<Element | null>(null)
  const observeRows = useCallback(() => {
    const rows = scroller.current?.querySelector('[data-testid="virtuoso-item-list"]') ?? null
    if (!rows || rows === observed.current) return
    resize.current?.disconnect()
    resize.current = new ResizeObserver(() => following.current && stick())
    resize.current.observe(rows, { box: 'border-box' })
    observed.current = rows
  }, [stick])
  const scrollerRef = useCallback(
    (el: HTMLElement | Window | null) => {
      const previous = scroller.current
      if (previous) {
        previous.removeEventListener('scroll', onScroll)
        previous.removeEventListener('wheel', onWheel)
        previous.removeEventListener('keydown', onKey)
        previous.removeEventListener('pointerdown', onPress)
        previous.removeEventListener('touchstart', onPress)
        window.removeEventListener('pointerup', onRelease)
        window.removeEventListener('touchend', onRelease)
        resize.current?.disconnect()
        observed.current = null
      }
      scroller.current = el instanceof HTMLElement ? el : null
      if (!scroller.current) return
      const next = scroller.current
      next.addEventListener('scroll', onScroll, { passive: true })
      next.addEventListener('wheel', onWheel, { passive: true })
      next.addEventListener('keydown', onKey)
      next.addEventListener('pointerdown', onPress)
      next.addEventListener('touchstart', onPress, { passive: true })
      window.addEventListener('pointerup', onRelease)
      window.addEventListener('touchend', onRelease)
      observeRows()
    },
    [onScroll, onWheel, onKey, onPress, onRelease, observeRows]
  )
  useEffect(() => () => resize.current?.disconnect(), [])

  // A streamed piece is in the DOM once React commits: stay at the bottom before the frame is
  // painted, so a busy machine (a late resize callback) never shows the list behind.
  useLayoutEffect(() => {
    if (following.current) stick()
  }, [content, stick])

  // Sending (or editing) always shows the new message, wherever the user was.
  const sentRef = useRef(lastUserId)
  useEffect(() => {
    if (lastUserId === sentRef.current) return
    sentRef.current = lastUserId
    follow()
  }, [lastUserId, follow])

  const newCount = useMemo(() => (seen ? ids.filter((id) => !seen.has(id)).length : 0), [ids, seen])
  return {
    scrollerRef,
    /** For Virtuoso's totalListHeightChanged: a row grew (or was added) while following. */
    onHeightChange: useCallback(() => {
      observeRows()
      if (!following.current) return
      stick()
      requestAnimationFrame(() => following.current && stick())
    }, [stick, observeRows]),
    followOutput: useCallback(() => (following.current ? ('auto' as const) : false), []),
    /** A jump elsewhere (a search hit, a message to edit): stop following. */
    leave,
    away: seen !== null,
    newCount,
    /** "Latest": back to the newest message, following again; the list keeps the focus. */
    toLatest: useCallback(() => {
      follow()
      scroller.current?.focus()
    }, [follow])
  }
}

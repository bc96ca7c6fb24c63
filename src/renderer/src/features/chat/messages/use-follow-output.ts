import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject
} from 'react'

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

/** The list's scroller, and whether it follows the newest words; `seen` is null while it does. */
function useFollowing(ids: string[]) {
  const scrollerElRef = useRef<HTMLElement | null>(null)
  const followingRef = useRef(true)
  const lastTopRef = useRef(0)
  /** What was shown when the user scrolled away (null while following). */
  const [seen, setSeen] = useState<ReadonlySet<string> | null>(null)
  const idsRef = useRef(ids)
  useEffect(() => {
    idsRef.current = ids
  }, [ids])

  const stick = useCallback(() => {
    const el = scrollerElRef.current
    if (!el) return
    el.scrollTop = el.scrollHeight
    lastTopRef.current = el.scrollTop
  }, [])
  const follow = useCallback(() => {
    followingRef.current = true
    setSeen(null)
    stick()
  }, [stick])
  const leave = useCallback(() => {
    // A short chat does not scroll: the wheel moves nothing, so there is nothing to leave.
    const el = scrollerElRef.current
    if (!followingRef.current || !el || el.scrollHeight - el.clientHeight <= BOTTOM_SLACK) return
    followingRef.current = false
    setSeen(new Set(idsRef.current))
  }, [])
  return { scrollerElRef, followingRef, lastTopRef, seen, stick, follow, leave }
}

/**
 * The user's own scrolling (wheel, keys, the scroll bar, a finger): reaching the bottom follows
 * again, moving up leaves. `attach` and `detach` put its listeners on a scroller and take them off.
 */
function useUserScroll({
  scrollerElRef,
  followingRef,
  lastTopRef,
  follow,
  leave
}: Pick<
  ReturnType<typeof useFollowing>,
  'scrollerElRef' | 'followingRef' | 'lastTopRef' | 'follow' | 'leave'
>) {
  /** A pointer (the scroll bar) or a finger is down on the list: its scrolling is the user's. */
  const gesture = useRef(false)
  const onScroll = useCallback(() => {
    const el = scrollerElRef.current
    if (!el) return
    const top = el.scrollTop
    if (el.scrollHeight - el.clientHeight - top <= BOTTOM_SLACK) {
      if (!followingRef.current) follow()
    } else if (gesture.current && top < lastTopRef.current - 1) leave()
    lastTopRef.current = top
  }, [scrollerElRef, followingRef, lastTopRef, follow, leave])
  // Stop before the scroll lands, so a growing answer cannot pull the view back down meanwhile.
  // Only the user's own moves count: the list also moves itself (rows measured, a draft saved).
  const onWheel = useCallback((event: WheelEvent) => event.deltaY < 0 && leave(), [leave])
  const onKey = useCallback((event: KeyboardEvent) => UP_KEYS.has(event.key) && leave(), [leave])
  const onPress = useCallback(() => (gesture.current = true), [])
  const onRelease = useCallback(() => (gesture.current = false), [])
  const attach = useCallback(
    (el: HTMLElement) => {
      el.addEventListener('scroll', onScroll, { passive: true })
      el.addEventListener('wheel', onWheel, { passive: true })
      el.addEventListener('keydown', onKey)
      el.addEventListener('pointerdown', onPress)
      el.addEventListener('touchstart', onPress, { passive: true })
      window.addEventListener('pointerup', onRelease)
      window.addEventListener('touchend', onRelease)
    },
    [onScroll, onWheel, onKey, onPress, onRelease]
  )
  const detach = useCallback(
    (el: HTMLElement) => {
      el.removeEventListener('scroll', onScroll)
      el.removeEventListener('wheel', onWheel)
      el.removeEventListener('keydown', onKey)
      el.removeEventListener('pointerdown', onPress)
      el.removeEventListener('touchstart', onPress)
      window.removeEventListener('pointerup', onRelease)
      window.removeEventListener('touchend', onRelease)
    },
    [onScroll, onWheel, onKey, onPress, onRelease]
  )
  return { attach, detach }
}

/**
 * The rows' real height (after layout), whatever changed it: a streamed line, an image, a chip.
 * While following, each change keeps the list at the bottom.
 */
function useRowsResize(
  scrollerElRef: RefObject<HTMLElement | null>,
  followingRef: RefObject<boolean>,
  stick: () => void
) {
  const resize = useRef<ResizeObserver | null>(null)
  const observed = useRef<Element | null>(null)
  const observeRows = useCallback(() => {
    const rows = scrollerElRef.current?.querySelector('[data-testid="virtuoso-item-list"]') ?? null
    if (!rows || rows === observed.current) return
    resize.current?.disconnect()
    resize.current = new ResizeObserver(() => followingRef.current && stick())
    resize.current.observe(rows, { box: 'border-box' })
    observed.current = rows
  }, [scrollerElRef, followingRef, stick])
  const stopObserving = useCallback(() => {
    resize.current?.disconnect()
    observed.current = null
  }, [])
  useEffect(() => () => resize.current?.disconnect(), [])
  return { observeRows, stopObserving }
}

/**
 * The message list follows the newest words while it is at the bottom. Scrolling up (wheel, keys,
 * the scroll bar) stops that and counts the messages that arrive meanwhile; reaching the bottom
 * again, "Latest" or sending resumes it. Virtuoso's own followOutput only follows a growing row
 * for 100 ms after a row is added, so a long answer was left behind; this follows every size change.
 */
export function useFollowOutput({ ids, lastUserId, content }: Options) {
  const { scrollerElRef, followingRef, lastTopRef, seen, stick, follow, leave } = useFollowing(ids)
  // Each is stable (useCallback): the scroller's ref callback must not change between renders.
  const { attach, detach } = useUserScroll({
    scrollerElRef,
    followingRef,
    lastTopRef,
    follow,
    leave
  })
  const { observeRows, stopObserving } = useRowsResize(scrollerElRef, followingRef, stick)
  const scrollerRef = useCallback(
    (el: HTMLElement | Window | null) => {
      const previous = scrollerElRef.current
      if (previous) {
        detach(previous)
        stopObserving()
      }
      scrollerElRef.current = el instanceof HTMLElement ? el : null
      if (!scrollerElRef.current) return
      attach(scrollerElRef.current)
      observeRows()
    },
    [scrollerElRef, attach, detach, stopObserving, observeRows]
  )

  // A streamed piece is in the DOM once React commits: stay at the bottom before the frame is
  // painted, so a busy machine (a late resize callback) never shows the list behind.
  useLayoutEffect(() => {
    if (followingRef.current) stick()
  }, [content, followingRef, stick])

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
      if (!followingRef.current) return
      stick()
      requestAnimationFrame(() => followingRef.current && stick())
    }, [followingRef, stick, observeRows]),
    followOutput: useCallback(
      () => (followingRef.current ? ('auto' as const) : false),
      [followingRef]
    ),
    /** A jump elsewhere (a search hit, a message to edit): stop following. */
    leave,
    away: seen !== null,
    newCount,
    /** "Latest": back to the newest message, following again; the list keeps the focus. */
    toLatest: useCallback(() => {
      follow()
      scrollerElRef.current?.focus()
    }, [follow, scrollerElRef])
  }
}

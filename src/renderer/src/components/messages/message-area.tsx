import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

interface Slot {
  element: HTMLElement | null
  set(element: HTMLElement | null): void
}

const SlotContext = createContext<Slot | null>(null)

/**
 * A view's box, in which parts below (an open file's panel) show their messages in the view's
 * one `MessageArea`, wherever that area sits in the tree.
 */
export function MessageAreaScope({
  className,
  children
}: {
  className?: string
  children: ReactNode
}) {
  const [element, set] = useState<HTMLElement | null>(null)
  return (
    <SlotContext.Provider value={{ element, set }}>
      <div className={className}>{children}</div>
    </SlotContext.Provider>
  )
}

/**
 * Where a view's messages stack: errors first, then warnings, then notices, then the chips of
 * folded states, each one line. It takes the height the view can spare and scrolls past that
 * (the view gives its content a minimum height), and takes none when it holds nothing.
 */
export function MessageArea({ children }: { children?: ReactNode }) {
  const slot = useContext(SlotContext)
  return <AreaBox place={slot?.set}>{children}</AreaBox>
}

/**
 * Messages shown in the scope's `MessageArea` (through a portal, so they keep this part's state
 * and handlers); in an area of their own outside any scope.
 */
export function InMessageArea({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext)
  if (!slot) return <AreaBox>{children}</AreaBox>
  return slot.element ? createPortal(children, slot.element) : null
}

function AreaBox({
  place,
  children
}: {
  place?(el: HTMLElement | null): void
  children?: ReactNode
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null)
  const below = useMoreBelow(box)
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setBox(el)
      place?.(el)
    },
    [place]
  )
  return (
    <div
      ref={ref}
      className="-mt-px flex min-h-9 shrink flex-wrap content-start items-center overflow-y-auto border-b border-line bg-sunken empty:hidden"
    >
      {children}
      {below ? (
        // More messages below the fold: the last line fades out (overlay scrollbars show none).
        <div
          aria-hidden
          className="pointer-events-none sticky bottom-0 order-[10000] -mt-5 h-5 w-full bg-linear-to-t from-sunken to-transparent"
        />
      ) : null}
    </div>
  )
}

/** Whether a scrolling box has more to show below what is in view. */
function useMoreBelow(box: HTMLElement | null): boolean {
  const [below, setBelow] = useState(false)
  useEffect(() => {
    if (!box) return
    const check = () => setBelow(box.scrollHeight - box.scrollTop - box.clientHeight > 1)
    check()
    box.addEventListener('scroll', check, { passive: true })
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check)
    resized?.observe(box)
    // Messages come and go (and open) without the box changing size.
    const changed = new MutationObserver(check)
    changed.observe(box, { childList: true, subtree: true })
    return () => {
      box.removeEventListener('scroll', check)
      resized?.disconnect()
      changed.disconnect()
    }
  }, [box])
  return below
}

import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject
} from 'react'
import {
  ChevronDown,
  ChevronsDownUp,
  ChevronUp,
  CircleAlert,
  Info,
  TriangleAlert,
  X,
  type LucideIcon
} from 'lucide-react'

export type MessageTone = 'danger' | 'warning' | 'info'

export interface MessageProps {
  tone: MessageTone
  /**
   * What assistive technology hears: `alert` for an error or a warning to read now, `status` for a
   * notice, `region` for a state with its own controls (needs a `label`), `note` for a remark.
   */
  role: 'alert' | 'status' | 'region' | 'note'
  /** The accessible name (a region must have one). */
  label?: string
  icon?: LucideIcon
  /** One line; cut with an ellipsis when it does not fit (Details shows it whole). */
  summary: ReactNode
  /** A few controls on the line, after the summary. */
  actions?: ReactNode
  /** More words and controls, under the line once the user asks for Details. */
  details?: ReactNode
  /** Shown under the line whatever Details says: something the user opened (a picker). */
  body?: ReactNode
  /** An error or a notice: Dismiss asks the owner to drop it. */
  onDismiss?(): void
  /** The Dismiss button's name (default "Dismiss"). */
  dismissLabel?: string
  /**
   * A state that still holds (over a cap, a conflict waiting) cannot be dismissed: Hide folds it
   * into a chip that says `chip`, until `key` changes (the state moved on): then it is back.
   */
  fold?: { key: string; chip: string }
}

interface Look {
  row: string
  icon: string
  chip: string
  glyph: LucideIcon
  order: string
}

const TONES: Record<MessageTone, Look> = {
  danger: {
    row: 'bg-danger-soft text-danger',
    icon: '',
    chip: 'border-danger/40',
    glyph: CircleAlert,
    order: 'order-1'
  },
  warning: {
    row: 'bg-warning-soft',
    icon: 'text-warning',
    chip: 'border-warning-line',
    glyph: TriangleAlert,
    order: 'order-2'
  },
  info: {
    row: 'bg-surface',
    icon: 'text-muted',
    chip: 'border-line',
    glyph: Info,
    order: 'order-3'
  }
}

/** Small buttons that fit a one-line message. */
export const MESSAGE_BUTTON = 'button button--quiet min-h-7 px-2 py-0.5'

/**
 * One message in a `MessageArea`: one line (icon, summary, a few actions), details on request,
 * dismissed when it can go or folded into a chip when its state still holds.
 */
export function Message(props: MessageProps) {
  const { tone, role, label, summary, actions, details, body, onDismiss, fold } = props
  const [open, setOpen] = useState(false)
  const [foldedAt, setFoldedAt] = useState<string | null>(null)
  const line = useRef<HTMLParagraphElement>(null)
  const cut = useCut(line, open, summary)
  const detailsId = useId()
  const row = useRef<HTMLDivElement>(null)
  const below = useRef<HTMLDivElement>(null)
  const more = body !== undefined
  // What the user just opened comes into view, even in a message area that scrolls.
  useEffect(() => {
    if (open) reveal(row.current)
  }, [open])
  useEffect(() => {
    if (more) reveal(below.current)
  }, [more])
  const look = TONES[tone]
  const Icon = props.icon ?? look.glyph

  if (fold && !onDismiss && foldedAt === fold.key) {
    return (
      <div role={role} aria-label={label} className="order-last my-1 ml-3">
        <button
          type="button"
          aria-expanded={false}
          className={`inline-flex min-h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium ${look.chip} ${look.row}`}
          onClick={() => setFoldedAt(null)}
        >
          <Icon size={14} aria-hidden className={`shrink-0 ${look.icon}`} />
          <span className="sr-only">Show: </span>
          {fold.chip}
          <ChevronDown size={14} aria-hidden className="shrink-0" />
        </button>
      </div>
    )
  }

  const expandable = details !== undefined || cut || open
  return (
    <div
      ref={row}
      role={role}
      aria-label={label}
      className={`w-full border-t border-line text-sm ${look.row} ${look.order}`}
    >
      <div className="flex min-h-9 items-center gap-2 px-4 py-0.5">
        <Icon size={16} aria-hidden className={`shrink-0 ${look.icon}`} />
        <p
          ref={line}
          className={`min-w-0 flex-1 ${open ? 'py-1' : 'truncate'}`}
          title={cut && !open && typeof summary === 'string' ? summary : undefined}
        >
          {summary}
        </p>
        {actions}
        {expandable ? (
          <button
            type="button"
            className={MESSAGE_BUTTON}
            aria-expanded={open}
            aria-controls={open && details !== undefined ? detailsId : undefined}
            onClick={() => setOpen((was) => !was)}
          >
            Details
            {open ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
          </button>
        ) : null}
        {onDismiss ? (
          <IconButton name={props.dismissLabel ?? 'Dismiss'} icon={X} onClick={onDismiss} />
        ) : fold ? (
          <IconButton
            name={`Hide ${(label ?? fold.chip).toLowerCase()}`}
            icon={ChevronsDownUp}
            onClick={() => {
              setOpen(false)
              setFoldedAt(fold.key)
            }}
          />
        ) : null}
      </div>
      {open && details !== undefined ? (
        <div id={detailsId} className="flex flex-col gap-2 px-4 pb-2 pl-10 text-fg">
          {details}
        </div>
      ) : null}
      {more ? (
        <div ref={below} className="px-4 pb-2 pl-10 text-fg">
          {body}
        </div>
      ) : null}
    </div>
  )
}

function IconButton({
  name,
  icon: Icon,
  onClick
}: {
  name: string
  icon: LucideIcon
  onClick(): void
}) {
  return (
    <button
      type="button"
      className={`${MESSAGE_BUTTON} shrink-0 px-1.5`}
      aria-label={name}
      title={name}
      onClick={onClick}
    >
      <Icon size={16} aria-hidden />
    </button>
  )
}

/** Scrolls what was just opened into view: whole if it fits, else from its top. */
function reveal(el: HTMLElement | null): void {
  if (!el?.scrollIntoView) return
  let box = el.parentElement
  while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement
  el.scrollIntoView({ block: !box || el.offsetHeight <= box.clientHeight ? 'nearest' : 'start' })
}

/** Whether a one-line element cuts its `text` (then Details shows it whole). */
function useCut(ref: RefObject<HTMLElement | null>, open: boolean, text: ReactNode): boolean {
  const [overflows, setOverflows] = useState(false)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || open) return
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, open, text])
  return overflows
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { ChevronDown } from 'lucide-react'

/**
 * A chat header button that opens a small panel of controls below it (a disclosure: the button
 * says what is chosen, the panel changes it). Escape or a click elsewhere closes it.
 */
export function HeaderPanel({
  label,
  title,
  active,
  panelLabel,
  children,
  after
}: {
  /** What the button shows: the choice in a word. */
  label: ReactNode
  title: string
  /** Drawn as a filled button (something is on). */
  active: boolean
  panelLabel: string
  children: ReactNode
  /** Below the button, open or not (an error that must stay in sight). */
  after?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  useEffect(() => {
    if (!open) return
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [open])
  return (
    <div
      ref={root}
      className="relative flex shrink-0 flex-col items-end gap-1"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false)
          button.current?.focus()
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={
          active ? 'button px-2.5 py-1 text-sm' : 'button button--quiet px-2.5 py-1 text-sm'
        }
        aria-expanded={open}
        aria-controls={panelId}
        title={title}
        onClick={() => setOpen(!open)}
      >
        {label}
        <ChevronDown size={14} aria-hidden className="shrink-0 text-muted" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={panelLabel}
          className="absolute top-full right-0 z-20 mt-1 flex w-80 flex-col gap-3 rounded-card border border-line bg-surface p-3 text-sm text-fg shadow-xl"
        >
          {children}
        </div>
      ) : null}
      {after}
    </div>
  )
}

/** A switch in a header panel: its name, a line of help, and the track. */
export function PanelSwitch({
  label,
  help,
  checked,
  locked = false,
  onToggle
}: {
  label: string
  help: string
  checked: boolean
  /** Shown but not changeable (e.g. a model that always thinks). */
  locked?: boolean
  onToggle(): void
}) {
  const id = useId()
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-disabled={locked || undefined}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-help`}
      className="flex items-center justify-between gap-3 text-left"
      onClick={() => {
        if (!locked) onToggle()
      }}
    >
      <span>
        <span id={`${id}-label`} className="block font-medium">
          {label}
        </span>
        <span id={`${id}-help`} className="block text-xs text-muted">
          {help}
        </span>
      </span>
      <span
        aria-hidden
        className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${checked ? 'bg-accent' : 'bg-line'} ${locked ? 'opacity-60' : ''}`}
      >
        <span
          className={`absolute top-0.5 h-4 w-4 rounded-full bg-surface shadow transition-all ${checked ? 'left-4.5' : 'left-0.5'}`}
        />
      </span>
    </button>
  )
}

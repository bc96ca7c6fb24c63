import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

interface Props {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  /** The other choice's name (default "Cancel"), when it says more than Cancel would. */
  cancelLabel?: string
  danger?: boolean
  /** With a field, the dialog asks for a value (rename, new file); without, it only confirms. */
  field?: { label: string; initial: string }
  /**
   * Why the value just tried was refused: shown under the field and announced, with the dialog
   * and what was typed kept; it goes once the value is edited.
   */
  fieldError?: string | null
  /** Confirm is busy (the value is being checked): it cannot be pressed twice. */
  busy?: boolean
  onConfirm(value: string): void
  /** Closed without confirming: the cancel button or Escape. */
  onClose(): void
  /** The cancel button itself, when it leads somewhere Escape should not (default onClose). */
  onCancel?(): void
  /** More of the form after the field (a project's instructions and folder), above the buttons. */
  below?: ReactNode
  /** Room for a longer form (project settings). */
  wide?: boolean
}

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes, and the page behind is
 * inert, with no injected styles or scroll locks (which the CSP would block).
 */
export function Dialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  field,
  fieldError,
  busy,
  onConfirm,
  onClose,
  onCancel = onClose,
  below,
  wide
}: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const fieldRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const errorId = useId()
  const [value, setValue] = useState(field?.initial ?? '')
  // The value the error is about: once it is edited, the error no longer applies.
  const [refused, setRefused] = useState<string | null>(null)
  const shownError = fieldError && refused === value ? fieldError : null

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      setValue(field?.initial ?? '')
      setRefused(null)
      dialog.showModal()
      // The field takes the focus when the dialog opens, not when it mounts: most dialogs mount
      // closed (in views mounted hidden), and a mount-time focus would take it from the page
      // wherever focusing a hidden field is not refused (a test DOM does not refuse it).
      fieldRef.current?.focus()
    } else if (!open && dialog.open) dialog.close()
  }, [open, field?.initial])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto ${wide ? 'w-[min(600px,92vw)]' : 'w-[min(440px,90vw)]'} rounded-card border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/40`}
    >
      <form
        method="dialog"
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (busy) return
          setRefused(value)
          onConfirm(value)
        }}
      >
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        {children ? <div className="text-muted">{children}</div> : null}
        {field ? (
          <label className="flex flex-col gap-1.5">
            <span className="text-[13px] font-medium">{field.label}</span>
            <input
              ref={fieldRef}
              className="input input--mono"
              value={value}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? errorId : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          </label>
        ) : null}
        {/* Always in the page, so a screen reader announces the reason when it appears. */}
        {field ? (
          <p id={errorId} role="alert" className="text-sm text-danger empty:sr-only">
            {shownError}
          </p>
        ) : null}
        {below}
        <div className="flex justify-end gap-2">
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button button--primary'}
            disabled={(field !== undefined && value.trim() === '') || busy}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}

import { useEffect, useId, useRef, useState } from 'react'
import { CUSTOM_INSTRUCTIONS_MAX } from '@shared/app/settings'
import { formatNumber } from '../../../lib/format'
import { INSTRUCTIONS_PRECEDENCE } from '../../settings/models/instructions-fields'

interface Props {
  open: boolean
  /** This chat's own instructions; null: the ones from Settings apply. */
  instructions: string | null
  onSave(instructions: string | null): void
  onClose(): void
}

/** One chat's own system prompt, or back to the one from Settings (native <dialog>, like Dialog). */
export function InstructionsDialog({ open, instructions, onSave, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()
  const helpId = useId()
  const [own, setOwn] = useState(instructions !== null)
  const [text, setText] = useState(instructions ?? '')

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      setOwn(instructions !== null)
      setText(instructions ?? '')
      dialog.showModal()
    } else if (!open && dialog.open) dialog.close()
  }, [open, instructions])

  const tooLong = text.length > CUSTOM_INSTRUCTIONS_MAX
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(560px,92vw)] rounded-card border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      <form
        method="dialog"
        className="flex flex-col gap-3 p-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (!tooLong) onSave(own ? text : null)
        }}
      >
        <h2 id={titleId} className="text-base font-semibold">
          Instructions for this chat
        </h2>
        <p className="text-sm text-muted">{INSTRUCTIONS_PRECEDENCE}</p>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Which instructions this chat uses</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="instructions-source"
              checked={!own}
              onChange={() => setOwn(false)}
            />
            Use the instructions from Settings
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="instructions-source"
              checked={own}
              onChange={() => setOwn(true)}
            />
            Use instructions for this chat only
          </label>
        </fieldset>
        <label htmlFor={textId} className="text-[13px] font-medium">
          This chat&apos;s instructions
        </label>
        <textarea
          id={textId}
          className="input"
          rows={6}
          disabled={!own}
          aria-describedby={helpId}
          aria-invalid={tooLong || undefined}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <p id={helpId} className={tooLong ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {formatNumber(text.length)} of {formatNumber(CUSTOM_INSTRUCTIONS_MAX)} characters.
          {tooLong ? ' Shorten them to save.' : ' Empty sends no instructions in this chat.'}
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={tooLong}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  )
}

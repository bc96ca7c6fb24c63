import { useId, useState } from 'react'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import { commandOf } from './use-slash-prompts'

/**
 * The arguments of a slash command's prompt, asked for above the composer: one field each,
 * the required ones marked. Insert fetches the prompt with them; Cancel or Escape goes back.
 */
export function PromptForm({
  prompt,
  busy,
  error,
  onInsert,
  onCancel
}: {
  prompt: McpPromptInfo
  busy: boolean
  /** Why the last try failed, with its next step. */
  error: string | null
  onInsert(args: Record<string, string>): void
  onCancel(): void
}) {
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({})
  const missing = prompt.arguments.some((a) => a.required && !values[a.name]?.trim())
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="mx-auto mb-2 flex max-w-3xl flex-col gap-3 rounded-card border border-line bg-surface p-3 text-sm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        event.stopPropagation()
        onCancel()
      }}
      onSubmit={(event) => {
        event.preventDefault()
        if (busy || missing) return
        // Arguments left empty are not sent: the server takes them as not given.
        const given = Object.entries(values).filter(([, v]) => v.trim() !== '')
        onInsert(Object.fromEntries(given))
      }}
    >
      <div>
        <h2 id={`${id}-title`} className="font-mono font-medium">
          {commandOf(prompt)}
          {prompt.title ? <span className="ml-2 font-sans text-muted">{prompt.title}</span> : null}
        </h2>
        {prompt.description ? <p className="text-muted">{prompt.description}</p> : null}
        <p className="text-xs text-muted">
          {prompt.serverName} fills in the prompt; it goes into your message to read before you send
          it. Fields marked * are required.
        </p>
      </div>
      {prompt.arguments.map((arg, index) => (
        <div key={arg.name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-arg-${index}`} className="font-medium">
            {arg.title ?? arg.name}
            {arg.required ? (
              <span aria-hidden className="text-danger">
                {' '}
                *
              </span>
            ) : null}
          </label>
          <input
            id={`${id}-arg-${index}`}
            className="input"
            value={values[arg.name] ?? ''}
            required={arg.required}
            aria-describedby={arg.description ? `${id}-help-${index}` : undefined}
            // The first field takes the focus: the form opened because the user chose the prompt.
            autoFocus={index === 0}
            onChange={(event) => setValues((now) => ({ ...now, [arg.name]: event.target.value }))}
          />
          {arg.description ? (
            <span id={`${id}-help-${index}`} className="text-xs text-muted">
              {arg.description}
            </span>
          ) : null}
        </div>
      ))}
      <p role="alert" className="text-danger empty:sr-only">
        {error}
      </p>
      <div className="flex justify-end gap-2">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || missing}>
          {busy ? 'Getting the prompt…' : 'Insert into message'}
        </button>
      </div>
    </form>
  )
}

import { useId, useState } from 'react'
import type { McpImportPreview, McpImportSource } from '@shared/mcp/channels'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { ImportPreview } from './import-preview'

/** The form's server as the config Claude Desktop would write (one path for form and paste). */
function formJson(name: string, command: string, args: string): string {
  const entry = /^https?:\/\//i.test(command.trim())
    ? { url: command.trim() }
    : {
        command: command.trim(),
        args: args
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
      }
  return JSON.stringify({ mcpServers: { [name.trim() || 'server']: entry } })
}

/**
 * Adding servers: by a short form, by pasting JSON, or from Claude Desktop's settings. Each way
 * ends in a preview of exactly what will run, and nothing starts until the user adds it there.
 */
export function AddServer({
  onAdd,
  onClose
}: {
  onAdd: (preview: McpImportPreview) => Promise<boolean>
  onClose: () => void
}) {
  const [name, setName] = useState('')
  const [command, setCommand] = useState('')
  const [args, setArgs] = useState('')
  const [json, setJson] = useState('')
  const { preview, setPreview, problem, busy, look } = useImportLook()

  // The form keeps what was typed while the preview shows, so Back finds it as it was.
  if (preview)
    return (
      <ImportPreview
        preview={preview}
        onAdd={onAdd}
        onClose={onClose}
        onBack={() => setPreview(null)}
      />
    )

  return (
    <div className="mcp-add" role="group" aria-label="Add a server">
      <ServerFields
        name={name}
        command={command}
        args={args}
        onName={setName}
        onCommand={setCommand}
        onArgs={setArgs}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || command.trim() === ''}
          onClick={() => look({ source: 'json', text: formJson(name, command, args) })}
        >
          Review
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => look({ source: 'claude-desktop' })}
        >
          Import from Claude Desktop
        </button>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
      <PastedJson
        json={json}
        onJson={setJson}
        busy={busy}
        onReview={() => look({ source: 'json', text: json })}
      />
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

/** Asks main what a source would add; the preview it answers, or why it could not. */
function useImportLook() {
  const [preview, setPreview] = useState<McpImportPreview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const look = (source: McpImportSource) => {
    setProblem(null)
    setBusy(true)
    call((api) => api.mcp.previewImport(source))
      .then(setPreview, (failure: unknown) => setProblem(toShownError(failure).message))
      .finally(() => setBusy(false))
  }
  return { preview, setPreview, problem, busy, look }
}

/** The short form: a server's name, its command (or address) and its arguments. */
function ServerFields({
  name,
  command,
  args,
  onName,
  onCommand,
  onArgs
}: {
  name: string
  command: string
  args: string
  onName(name: string): void
  onCommand(command: string): void
  onArgs(args: string): void
}) {
  const ids = { name: useId(), command: useId(), args: useId() }
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2">
        <label htmlFor={ids.name} className="flex flex-col gap-1 text-sm">
          Name
          <input
            id={ids.name}
            className="input"
            value={name}
            onChange={(e) => onName(e.target.value)}
          />
        </label>
        <label htmlFor={ids.command} className="flex flex-col gap-1 text-sm">
          Command, or an https:// address
          <input
            id={ids.command}
            className="input input--mono"
            placeholder="npx"
            value={command}
            onChange={(e) => onCommand(e.target.value)}
          />
        </label>
      </div>
      <label htmlFor={ids.args} className="flex flex-col gap-1 text-sm">
        Arguments, one per line
        <textarea
          id={ids.args}
          className="input input--mono"
          rows={3}
          value={args}
          onChange={(e) => onArgs(e.target.value)}
        />
      </label>
    </>
  )
}

/** Pasted JSON (Claude Desktop's config, or one server) and its own Review button. */
function PastedJson({
  json,
  onJson,
  busy,
  onReview
}: {
  json: string
  onJson(json: string): void
  busy: boolean
  onReview(): void
}) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="flex flex-col gap-1 text-sm">
        Or paste JSON (Claude Desktop&apos;s <code>mcpServers</code>, or one server)
        <textarea
          id={id}
          className="input input--mono"
          rows={4}
          value={json}
          onChange={(e) => onJson(e.target.value)}
        />
      </label>
      <div>
        <button
          type="button"
          className="button"
          disabled={busy || json.trim() === ''}
          onClick={onReview}
        >
          Review pasted JSON
        </button>
      </div>
    </>
  )
}

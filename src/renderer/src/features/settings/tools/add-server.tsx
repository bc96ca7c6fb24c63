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
  const [preview, setPreview] = useState<McpImportPreview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const ids = { name: useId(), command: useId(), args: useId(), json: useId() }

  const look = (source: McpImportSource) => {
    setProblem(null)
    setBusy(true)
    call((api) => api.mcp.previewImport(source))
      .then(setPreview, (failure: unknown) => setProblem(toShownError(failure).message))
      .finally(() => setBusy(false))
  }

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
      <div className="grid gap-2 sm:grid-cols-2">
        <label htmlFor={ids.name} className="flex flex-col gap-1 text-sm">
          Name
          <input
            id={ids.name}
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label htmlFor={ids.command} className="flex flex-col gap-1 text-sm">
          Command, or an https:// address
          <input
            id={ids.command}
            className="input input--mono"
            placeholder="npx"
            value={command}
            onChange={(e) => setCommand(e.target.value)}
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
          onChange={(e) => setArgs(e.target.value)}
        />
      </label>
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
      <label htmlFor={ids.json} className="flex flex-col gap-1 text-sm">
        Or paste JSON (Claude Desktop&apos;s <code>mcpServers</code>, or one server)
        <textarea
          id={ids.json}
          className="input input--mono"
          rows={4}
          value={json}
          onChange={(e) => setJson(e.target.value)}
        />
      </label>
      <div>
        <button
          type="button"
          className="button"
          disabled={busy || json.trim() === ''}
          onClick={() => look({ source: 'json', text: json })}
        >
          Review pasted JSON
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

import type { McpImportPreview } from '@shared/mcp/channels'
import { WhatRuns } from './what-runs'

/** Exactly what will run, server by server, before anything starts: Add and start, or Back. */
export function ImportPreview({
  preview,
  onAdd,
  onClose,
  onBack
}: {
  preview: McpImportPreview
  onAdd: (preview: McpImportPreview) => Promise<boolean>
  /** After the servers were added. */
  onClose: () => void
  onBack: () => void
}) {
  return (
    <div className="mcp-add" role="group" aria-label="Servers to add">
      {preview.file ? (
        <p className="text-sm text-muted">
          From <code>{preview.file}</code>
        </p>
      ) : null}
      {preview.servers.length === 0 ? (
        <p className="text-sm">Nothing to add.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="What will run">
          {preview.servers.map((server) => (
            <li key={server.id} className="mcp-preview">
              <p className="font-medium">
                {server.name}
                {server.replaces ? (
                  <span className="text-warning"> — replaces the server you have by this name</span>
                ) : null}
              </p>
              <WhatRuns transport={server.transport} />
            </li>
          ))}
        </ul>
      )}
      {preview.problems.map((line) => (
        <p key={line} role="alert" className="text-sm text-danger">
          {line}
        </p>
      ))}
      <div className="flex flex-wrap gap-2">
        {preview.servers.length > 0 ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void onAdd(preview).then((added) => added && onClose())}
          >
            {preview.servers.length === 1
              ? 'Add and start it'
              : `Add and start these ${preview.servers.length}`}
          </button>
        ) : null}
        <button type="button" className="button button--quiet" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  )
}

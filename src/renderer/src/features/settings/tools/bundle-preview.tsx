import { whatRuns } from './command-line'
import { BundleFields } from './bundle-fields'
import type { BundleInstall } from './use-bundle-install'
import { WhatRuns } from './what-runs'

/**
 * A bundle before it is installed: what it is, who made it, the exact command line that will
 * run and what runs it, the tools it declares, and the settings it asks for. Nothing is unpacked
 * or started until "Install and start".
 */
export function BundlePreview({ bundle }: { bundle: BundleInstall }) {
  const { preview, command, values, busy } = bundle
  if (!preview || !command) return null
  const changed =
    preview.replaces !== null &&
    whatRuns(preview.replaces.commandLine) !== whatRuns(command.transport)
  return (
    <div className="mcp-add" role="group" aria-label="Bundle to install">
      <div>
        <h3 className="font-medium">
          {preview.name} <span className="text-muted">{preview.version}</span>
        </h3>
        <p className="text-xs text-muted">by {preview.author.name}</p>
      </div>
      <p className="text-sm">{preview.description}</p>
      {preview.replaces ? (
        <div className="text-sm">
          <p className="text-warning">
            Replaces version {preview.replaces.version}, which you have installed
            {changed ? ', and runs a different command line. It ran:' : '.'}
          </p>
          {changed ? (
            <code className="text-xs break-all">{whatRuns(preview.replaces.commandLine)}</code>
          ) : null}
        </div>
      ) : null}
      <div className="mcp-preview" aria-label="What will run" role="group">
        <WhatRuns transport={command.transport} showValues />
        <p className="text-xs text-muted">
          A {preview.serverType} server, run by {preview.runsWith}.
        </p>
        {preview.warning ? <p className="text-sm text-warning">{preview.warning}</p> : null}
        <p className="text-xs text-muted">
          Unpacked into <code className="break-all">{preview.folder}</code>
        </p>
        {command.transport.args.some((arg) => arg.includes('${user_config.')) ||
        Object.values(command.transport.env).some((v) => v.includes('${user_config.')) ? (
          <p className="text-xs text-muted">
            A <code>{'${user_config.…}'}</code> is filled in from the setting of that name when the
            server starts.
          </p>
        ) : null}
      </div>
      {preview.tools.length > 0 ? (
        <div>
          <p className="text-sm font-medium">Tools it declares</p>
          <ul className="text-sm" aria-label="Tools it declares">
            {preview.tools.map((tool) => (
              <li key={tool.name}>
                <span className="font-mono">{tool.name}</span>
                {tool.description ? (
                  <span className="text-muted"> — {tool.description}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <BundleFields fields={preview.fields} values={values} onChange={bundle.change} />
      {command.missing.length > 0 ? (
        <p className="text-sm text-muted">
          Fill in {command.missing.map((title) => `“${title}”`).join(', ')} to install it.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || command.missing.length > 0}
          onClick={bundle.install}
        >
          {preview.replaces ? 'Update and restart' : 'Install and start'}
        </button>
        <button type="button" className="button button--quiet" onClick={bundle.close}>
          Cancel
        </button>
      </div>
    </div>
  )
}

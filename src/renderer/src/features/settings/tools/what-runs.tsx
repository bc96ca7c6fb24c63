import type { McpServerDraft } from '@shared/mcp/channels'
import { whatRuns } from './command-line'

const SECRET_NAME = /key|token|secret|passw|auth|credential|cookie/i

/**
 * The confirmation before a server first starts: the exact command line (or address) and the
 * environment it gets, a secret's value never shown. Added servers and bundles both show it.
 */
export function WhatRuns({
  transport,
  showValues = false
}: {
  transport: McpServerDraft['transport']
  /** Show each environment value (a bundle's: a sensitive one is only its `${user_config.…}`). */
  showValues?: boolean
}) {
  const named = transport.type === 'stdio' ? transport.env : transport.headers
  return (
    <>
      <p className="text-sm">
        {transport.type === 'stdio' ? 'Runs on this computer: ' : 'Connects to: '}
        <code className="break-all">{whatRuns(transport)}</code>
      </p>
      {Object.entries(named).map(([key, value]) => (
        <p key={key} className="text-xs text-muted">
          {showValues && !SECRET_NAME.test(key) ? (
            <code className="break-all">
              {key}={value}
            </code>
          ) : (
            key
          )}
          {SECRET_NAME.test(key) ? ': kept in the system keychain' : ''}
        </p>
      ))}
    </>
  )
}

import { useState } from 'react'
import type { Settings } from '@shared/app/settings'
import { unicodeHost } from '@shared/app/links'
import { Card } from '../../../components/card'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

/** Sites whose links open without asking; forgetting one makes its links ask again. */
export function TrustedSitesCard({
  settings,
  onSaved
}: {
  settings: Settings
  onSaved: (settings: Settings) => void
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const hosts = settings.trustedLinkHosts
  const forget = (host: string) => {
    setProblem(null)
    call((api) =>
      api.settings.update({ trustedLinkHosts: hosts.filter((item) => item !== host) })
    ).then(onSaved, (failure: unknown) => setProblem(toShownError(failure).message))
  }
  return (
    <Card
      title="Links"
      description="Links in Claude's answers show their full address before they open in your browser, except for these sites."
    >
      {hosts.length === 0 ? (
        <p className="text-sm text-muted">
          No trusted sites. When you open a link, you can choose not to be asked again for its site.
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Trusted sites">
          {hosts.map((host) => (
            <li key={host} className="flex items-center gap-3">
              <span className="mr-auto font-mono text-sm">
                {host}
                {unicodeHost(host) !== host ? (
                  <span className="text-muted"> ({unicodeHost(host)})</span>
                ) : null}
              </span>
              <button
                type="button"
                className="button button--quiet"
                aria-label={`Forget ${host}`}
                onClick={() => forget(host)}
              >
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </Card>
  )
}

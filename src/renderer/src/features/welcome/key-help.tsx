import { useState, type MouseEvent } from 'react'
import { ExternalLink } from 'lucide-react'
import { APP_LINKS } from '@shared/app/links'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'

/**
 * Where an API key comes from, and what it costs: a link to the Claude Console's API keys page,
 * opened in the OS browser by main (an allow-listed app link: it never navigates this window).
 */
export function KeyHelp() {
  const [problem, setProblem] = useState<string | null>(null)

  async function open(event: MouseEvent<HTMLAnchorElement>): Promise<void> {
    event.preventDefault()
    try {
      const result = await call((api) => api.app.openExternal({ url: APP_LINKS.apiKeys }))
      setProblem(result.opened ? null : `Your browser was not opened. Go to ${APP_LINKS.apiKeys}.`)
    } catch (failure) {
      const shown = toShownError(failure)
      setProblem(`${shown.message} The address is ${APP_LINKS.apiKeys}.`)
    }
  }

  return (
    <div className="mt-1 flex flex-col gap-0.5 text-sm">
      <p>
        API keys come from the{' '}
        <a
          href={APP_LINKS.apiKeys}
          className="text-accent underline"
          onClick={(event) => void open(event)}
          onAuxClick={(event) => void open(event)}
        >
          API keys page of the Claude Console
          <ExternalLink size={12} aria-hidden className="ml-0.5 inline align-baseline" />
        </a>{' '}
        (opens in your browser): sign in, then Create key.
      </p>
      <p className="text-muted">
        API use is billed separately from a Claude subscription (Pro, Max): the Console charges per
        use.
      </p>
      {problem ? (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

import { useState, type MouseEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { parseExternalUrl, unicodeHost, type ExternalUrl } from '@shared/app/links'
import { Dialog } from '../../../components/dialog'
import { call } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'

/**
 * A link in Claude's answer. Clicking it never leaves the app by itself: main opens https links
 * of sites the user trusted; any other shows the full address first (Open / Cancel, and "don't
 * ask again for this site"). Links that are not https are never opened, only offered to copy.
 */
export function ExternalLink({
  href,
  children,
  className = 'text-accent underline'
}: {
  href?: string | undefined
  children?: ReactNode
  /** Small print (a list of sources) reads in the text colour: accent at that size is too faint. */
  className?: string
}) {
  const [pending, setPending] = useState<ExternalUrl | null>(null)
  const [raw, setRaw] = useState('')

  async function follow(event: MouseEvent<HTMLAnchorElement>): Promise<void> {
    // Every way of following it (click, middle-click, Ctrl/Cmd-click) comes here, never to the page.
    event.preventDefault()
    const target = href ?? ''
    const parsed = parseExternalUrl(target)
    setRaw(target)
    if (!parsed.ok) {
      setPending(parsed)
      return
    }
    try {
      const result = await call((api) => api.app.openExternal({ url: parsed.url }))
      if (!result.opened) setPending(parsed)
    } catch {
      setPending(parsed)
    }
  }

  return (
    <>
      <a
        href={href}
        className={className}
        rel="noreferrer"
        onClick={(event) => void follow(event)}
        onAuxClick={(event) => void follow(event)}
      >
        {children}
      </a>
      {pending
        ? createPortal(
            <LinkDialog link={pending} raw={raw} onClose={() => setPending(null)} />,
            document.body
          )
        : null}
    </>
  )
}

function LinkDialog({ link, raw, onClose }: { link: ExternalUrl; raw: string; onClose(): void }) {
  const [trust, setTrust] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  if (!link.ok) {
    return (
      <Dialog
        open
        title="Cairn did not open this link"
        confirmLabel={copied ? 'Copied' : 'Copy link'}
        onClose={onClose}
        onConfirm={() =>
          void copyText(raw).then(
            () => setCopied(true),
            (failure: unknown) => setProblem(toShownError(failure).message)
          )
        }
      >
        <p>It was not opened because {link.reason}.</p>
        <p className="mt-3 rounded-control border border-line bg-sunken px-3 py-2 font-mono text-[13px] break-all text-fg">
          {raw || '(the link has no address)'}
        </p>
        {problem ? (
          <p role="alert" className="mt-3 text-danger">
            {problem}
          </p>
        ) : null}
      </Dialog>
    )
  }

  const { url, host } = link
  const readable = unicodeHost(host)
  const at = url.indexOf(host)
  const before = at >= 0 ? url.slice(0, at) : ''
  const after = at >= 0 ? url.slice(at + host.length) : url
  const open = () => {
    setProblem(null)
    call((api) => api.app.openExternal({ url, confirmed: true, trustHost: trust })).then(
      () => onClose(),
      (failure: unknown) => {
        const shown = toShownError(failure)
        setProblem(`${shown.message}${shown.nextStep ? ` ${shown.nextStep}` : ''}`)
      }
    )
  }

  return (
    <Dialog
      open
      title="Open this link in your browser?"
      confirmLabel="Open"
      onClose={onClose}
      onConfirm={open}
    >
      <p>
        Claude's answer links to <strong className="font-semibold text-fg">{host}</strong>. Check
        the whole address before you open it.
      </p>
      <p
        className="mt-3 max-h-40 overflow-auto rounded-control border border-line bg-sunken px-3 py-2 font-mono text-[13px] break-all"
        aria-label="Full address"
      >
        <span>{before}</span>
        <strong className="font-semibold text-fg">{host}</strong>
        <span>{after}</span>
      </p>
      {readable !== host ? (
        <p className="mt-3 text-warning">
          This site name uses international letters: it reads as{' '}
          <span className="font-mono text-fg">{readable}</span>, which can look like another site.
          Your browser will go to <span className="font-mono text-fg">{host}</span>.
        </p>
      ) : null}
      <label className="mt-4 flex items-center gap-2 text-fg">
        <input
          type="checkbox"
          checked={trust}
          onChange={(event) => setTrust(event.currentTarget.checked)}
        />
        <span>
          Don't ask again for <span className="font-mono">{host}</span>
        </span>
      </label>
      {problem ? (
        <p role="alert" className="mt-3 text-danger">
          {problem}
        </p>
      ) : null}
    </Dialog>
  )
}

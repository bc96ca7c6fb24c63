import { KeyTest } from './key-test'
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react'
import { SetApiKeyInputSchema, type SecretStatus } from '@shared/contract'
import { KeyIcon, Spinner } from '../../components/icons'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { describeKeyStatus, keySourceNote } from './api-key-status'
import { KeyHelp } from '../welcome/key-help'

type Pending = 'save' | 'session' | 'clear' | null

/*
 * The key itself is never held in React state or shown back: it lives only in the masked input
 * (read through a ref when sending) and is wiped from there once main has it.
 */
export function ApiKeySection({
  active = true,
  onStatus
}: {
  /** Read the status again each time the section comes on screen: the key may be set elsewhere. */
  active?: boolean
  onStatus?(status: SecretStatus): void
} = {}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const inputId = useId()
  const [status, setStatus] = useState<SecretStatus | null>(null)
  const [loadError, setLoadError] = useState<ShownError | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const [hasInput, setHasInput] = useState(false)
  const onStatusEvent = useEffectEvent((next: SecretStatus) => onStatus?.(next))
  useEffect(() => {
    if (status) onStatusEvent(status)
  }, [status])
  // Bumped by every change we make, so a slow first status read cannot overwrite a newer answer.
  const changes = useRef(0)

  useEffect(() => {
    if (!active) return
    let live = true
    const before = changes.current
    call((api) => api.secrets.status()).then(
      (next) => {
        if (!live || before !== changes.current) return
        setStatus(next)
        setLoadError(null)
      },
      (failure: unknown) => live && setLoadError(toShownError(failure))
    )
    return () => {
      live = false
    }
  }, [active])

  /** After a failed change the first read may have been dropped: read the status again. */
  function refreshStatus(): void {
    const before = changes.current
    call((api) => api.secrets.status()).then(
      (next) => before === changes.current && setStatus(next),
      () => undefined
    )
  }

  async function send(sessionOnly: boolean): Promise<void> {
    const input = inputRef.current
    if (!input || pending) return
    const parsed = SetApiKeyInputSchema.safeParse({ apiKey: input.value })
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message ?? 'the API key is not valid'
      setError({
        code: 'BAD_INPUT',
        message: `${first.charAt(0).toUpperCase()}${first.slice(1)}.`,
        nextStep: 'Paste the whole key as the Anthropic Console shows it (it starts with sk-ant-).'
      })
      return
    }
    setPending(sessionOnly ? 'session' : 'save')
    changes.current += 1
    try {
      const apiKey = parsed.data.apiKey
      const next = await call((api) =>
        api.secrets.setApiKey(sessionOnly ? { apiKey, sessionOnly: true } : { apiKey })
      )
      input.value = ''
      setHasInput(false)
      setStatus(next)
      setError(null)
    } catch (failure) {
      setError(toShownError(failure))
      refreshStatus()
    } finally {
      setPending(null)
    }
  }

  async function clear(): Promise<void> {
    setPending('clear')
    changes.current += 1
    try {
      setStatus(await call((api) => api.secrets.clearApiKey()))
      setError(null)
    } catch (failure) {
      setError(toShownError(failure))
      refreshStatus()
    } finally {
      setPending(null)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    void send(false)
  }

  const note = status ? keySourceNote(status) : null
  const canClear = status?.configured === true && status.source !== 'environment'
  const offerSession = error?.code === 'KEYCHAIN_UNAVAILABLE'

  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card__header">
        <h2 id={headingId}>API key</h2>
        <p className="card__description">
          Cairn uses your Anthropic API key to talk to Claude. It is kept in your system keychain
          (or only in memory, if you choose), never in a file, and is never shown again.
        </p>
        <KeyHelp />
      </header>

      <div className="key-status-row">
        <output
          aria-label="API key status"
          className={`key-status ${status?.configured ? 'key-status--ok' : 'key-status--missing'}`}
        >
          <span className="key-status__dot" aria-hidden="true" />
          {status ? describeKeyStatus(status) : loadError ? 'Unknown' : 'Checking…'}
        </output>
        {canClear ? (
          <button
            type="button"
            className="button button--quiet button--danger"
            onClick={() => void clear()}
            disabled={pending !== null}
            aria-busy={pending === 'clear' || undefined}
          >
            {pending === 'clear' ? <Spinner /> : null}
            Remove key
          </button>
        ) : null}
      </div>
      {status?.configured ? <KeyTest /> : null}
      {note ? <p className="card__note">{note}</p> : null}
      {loadError ? (
        <p className="inline-status inline-status--error">
          The key status could not be read: {loadError.message} {loadError.nextStep}
        </p>
      ) : null}

      <form className="key-form" onSubmit={onSubmit} autoComplete="off">
        <div className="field field--wide">
          <label className="field__label" htmlFor={inputId}>
            API key
          </label>
          <div className="field__row">
            <span className="input-icon" aria-hidden="true">
              <KeyIcon />
            </span>
            <input
              ref={inputRef}
              id={inputId}
              className="input input--with-icon"
              type="password"
              name="api-key"
              autoComplete="off"
              spellCheck={false}
              placeholder={status?.configured ? 'Paste a new key to replace it' : 'sk-ant-…'}
              aria-invalid={error?.code === 'BAD_INPUT' || undefined}
              onChange={(event) => setHasInput(event.currentTarget.value.length > 0)}
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={!hasInput || pending !== null}
              aria-busy={pending === 'save' || undefined}
            >
              {pending === 'save' ? <Spinner /> : null}
              Save key
            </button>
          </div>
        </div>
      </form>

      {error ? (
        <div className="callout callout--error" role="alert">
          <p className="callout__title">
            {offerSession ? 'The system keychain is not available' : 'The key was not saved'}
          </p>
          <p>
            {error.message} {error.nextStep}
          </p>
          {offerSession ? (
            <div className="callout__actions">
              <button
                type="button"
                className="button"
                onClick={() => void send(true)}
                disabled={pending !== null || !hasInput}
                aria-busy={pending === 'session' || undefined}
              >
                {pending === 'session' ? <Spinner /> : null}
                Keep for this session only
              </button>
              <button type="button" className="button button--quiet" onClick={() => setError(null)}>
                Cancel
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

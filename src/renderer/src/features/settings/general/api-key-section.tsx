import { KeyTest } from './key-test'
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react'
import { keyShapeProblem } from '@shared/models/api-key-shape'
import type { KeyTestResult } from '@shared/chat/models'
import { SetApiKeyInputSchema } from '@shared/app/app-channels'
import type { SecretStatus } from '@shared/contract'
import { KeyIcon, Spinner } from '../../../components/icons'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { describeKeyStatus, keySourceNote } from './api-key-status'
import { KeyHelp } from '../../welcome/key-help'

type Pending = 'check' | 'save' | 'session' | 'clear' | null

/** Why the key was not saved, and what the callout offers next. */
interface Problem {
  title: string
  message: string
  nextStep: string | null
  /** The key itself is wrong (format, or Anthropic refused it): the input is marked invalid. */
  badKey?: boolean
  offer?: 'session' | 'unchecked'
}

const NOT_SAVED = 'The key was not saved'

function testProblem(result: KeyTestResult): Problem {
  if (result.code === 'auth')
    return { title: NOT_SAVED, message: result.message, nextStep: null, badKey: true }
  return {
    title: 'The key could not be checked',
    message: result.message,
    nextStep: 'You can save it without checking; a wrong key then fails at the first message.',
    offer: 'unchecked'
  }
}

/*
 * The key itself is never held in React state or shown back: it lives only in the masked input
 * (read through a ref when sending) and is wiped from there once main has it.
 */
export function ApiKeySection({
  active = true,
  autoFocus = false,
  focusSignal = 0,
  onStatus
}: {
  /** Read the status again each time the section comes on screen: the key may be set elsewhere. */
  active?: boolean
  /** The key field takes the focus when shown (the welcome card: the first thing to do). */
  autoFocus?: boolean
  /** Bumped to bring the key field into view with the focus (a 401 in the chat leads here). */
  focusSignal?: number
  onStatus?(status: SecretStatus): void
} = {}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const inputId = useId()
  const problemId = useId()
  const [status, setStatus] = useState<SecretStatus | null>(null)
  const [loadError, setLoadError] = useState<ShownError | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [error, setError] = useState<Problem | null>(null)
  const [hasInput, setHasInput] = useState(false)
  /** The key Anthropic accepted in the last check (a ref: never rendered, dropped once saved). */
  const checked = useRef<string | null>(null)
  useEffect(() => {
    if (focusSignal === 0) return
    inputRef.current?.focus()
    inputRef.current?.scrollIntoView({ block: 'center' })
  }, [focusSignal])
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

  /** A wrong key stays in the field, selected, to be corrected or replaced. */
  function refuse(problem: Problem): void {
    setError(problem)
    inputRef.current?.focus()
    if (problem.badKey) inputRef.current?.select()
    // The reason shows below the field: bring it into view too.
    requestAnimationFrame(() =>
      document.getElementById(problemId)?.scrollIntoView({ block: 'nearest' })
    )
  }

  /**
   * Checks the key, then saves it: its shape first (nothing is sent), then one cheap authenticated
   * call (a page of the model list) against the API Cairn will chat with. Only a key Anthropic
   * accepted is saved, unless it could not be asked and the user chose to save anyway.
   */
  async function send(sessionOnly: boolean, unchecked = false): Promise<void> {
    const input = inputRef.current
    if (!input || pending) return
    const parsed = SetApiKeyInputSchema.safeParse({ apiKey: input.value })
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message ?? 'the API key is not valid'
      refuse({
        title: NOT_SAVED,
        message: `${first.charAt(0).toUpperCase()}${first.slice(1)}.`,
        nextStep: 'Paste the whole key as the Anthropic Console shows it (it starts with sk-ant-).',
        badKey: true
      })
      return
    }
    const apiKey = parsed.data.apiKey
    const shape = keyShapeProblem(apiKey)
    if (shape) {
      refuse({ title: NOT_SAVED, ...shape, badKey: true })
      return
    }
    changes.current += 1
    if (unchecked) checked.current = apiKey // the user chose to save it as it is
    if (checked.current !== apiKey) {
      setPending('check')
      const result = await call((api) => api.secrets.test({ apiKey })).catch(
        (failure: unknown): KeyTestResult => ({
          ok: false,
          code: 'api-error',
          message: toShownError(failure).message
        })
      )
      if (!result.ok) {
        setPending(null)
        refuse(testProblem(result))
        return
      }
      checked.current = apiKey
    }
    setPending(sessionOnly ? 'session' : 'save')
    try {
      const next = await call((api) =>
        api.secrets.setApiKey(sessionOnly ? { apiKey, sessionOnly: true } : { apiKey })
      )
      input.value = ''
      checked.current = null
      setHasInput(false)
      setStatus(next)
      setError(null)
    } catch (failure) {
      const shown = toShownError(failure)
      setError({
        title:
          shown.code === 'KEYCHAIN_UNAVAILABLE'
            ? 'The system keychain is not available'
            : NOT_SAVED,
        message: shown.message,
        nextStep: shown.nextStep,
        ...(shown.code === 'KEYCHAIN_UNAVAILABLE' ? { offer: 'session' as const } : {})
      })
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
      const shown = toShownError(failure)
      setError({
        title: 'The key was not removed',
        message: shown.message,
        nextStep: shown.nextStep
      })
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
              autoFocus={autoFocus}
              className="input input--with-icon"
              type="password"
              name="api-key"
              autoComplete="off"
              spellCheck={false}
              placeholder={status?.configured ? 'Paste a new key to replace it' : 'sk-ant-…'}
              aria-invalid={error?.badKey || undefined}
              aria-describedby={error ? problemId : undefined}
              onChange={(event) => setHasInput(event.currentTarget.value.length > 0)}
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={!hasInput || pending !== null}
              aria-busy={pending === 'save' || pending === 'check' || undefined}
            >
              {pending === 'save' || pending === 'check' ? <Spinner /> : null}
              Save key
            </button>
          </div>
          <p role="status" className="text-sm text-muted">
            {pending === 'check' ? 'Checking the key with Anthropic…' : ''}
          </p>
        </div>
      </form>

      {error ? (
        <div className="callout callout--error" role="alert" id={problemId}>
          <p className="callout__title">{error.title}</p>
          <p>
            {error.message} {error.nextStep}
          </p>
          {error.offer ? (
            <div className="callout__actions">
              <button
                type="button"
                className="button"
                onClick={() => void send(error.offer === 'session', error.offer === 'unchecked')}
                disabled={pending !== null || !hasInput}
                aria-busy={pending === 'session' || pending === 'save' || undefined}
              >
                {pending === 'session' || pending === 'save' ? <Spinner /> : null}
                {error.offer === 'session' ? 'Keep for this session only' : 'Save without checking'}
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

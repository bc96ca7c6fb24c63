import type { FormEvent, RefObject } from 'react'
import { KeyIcon, Spinner } from '../../../components/icons'
import { KeyTest } from './key-test'
import { describeKeyStatus, keySourceNote } from './api-key-status'
import type { KeyStatusState } from './use-key-status'
import type { KeySave } from './use-key-save'

// The visible parts of Settings → API key: where the key stands, the field, and why it was not saved.

/** The key's status, Remove key, the test of a saved key and where the key comes from. */
export function KeyStatusRow({ state, save }: { state: KeyStatusState; save: KeySave }) {
  const { status, loadError } = state
  const note = status ? keySourceNote(status) : null
  const canClear = status?.configured === true && status.source !== 'environment'
  return (
    <>
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
            onClick={() => void save.clear()}
            disabled={save.pending !== null}
            aria-busy={save.pending === 'clear' || undefined}
          >
            {save.pending === 'clear' ? <Spinner /> : null}
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
    </>
  )
}

/** The masked key field and Save key. */
export function KeyForm({
  inputRef,
  inputId,
  problemId,
  autoFocus,
  configured,
  save
}: {
  inputRef: RefObject<HTMLInputElement | null>
  inputId: string
  problemId: string
  autoFocus: boolean
  configured: boolean
  save: KeySave
}) {
  const { pending, error } = save
  const checkingOrSaving = pending === 'save' || pending === 'check'
  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    void save.send(false)
  }
  return (
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
            placeholder={configured ? 'Paste a new key to replace it' : 'sk-ant-…'}
            aria-invalid={error?.badKey || undefined}
            aria-describedby={error ? problemId : undefined}
            onChange={(event) => save.setHasInput(event.currentTarget.value.length > 0)}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={!save.hasInput || pending !== null}
            aria-busy={checkingOrSaving || undefined}
          >
            {checkingOrSaving ? <Spinner /> : null}
            Save key
          </button>
        </div>
        <p role="status" className="text-sm text-muted">
          {pending === 'check' ? 'Checking the key with Anthropic…' : ''}
        </p>
      </div>
    </form>
  )
}

/** Why the key was not saved, with what can be done next (keep it for this session, save unchecked). */
export function KeyProblem({ problemId, save }: { problemId: string; save: KeySave }) {
  const { error, pending } = save
  if (!error) return null
  const busy = pending === 'session' || pending === 'save'
  return (
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
            onClick={() => void save.send(error.offer === 'session', error.offer === 'unchecked')}
            disabled={pending !== null || !save.hasInput}
            aria-busy={busy || undefined}
          >
            {busy ? <Spinner /> : null}
            {error.offer === 'session' ? 'Keep for this session only' : 'Save without checking'}
          </button>
          <button type="button" className="button button--quiet" onClick={save.dismiss}>
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  )
}

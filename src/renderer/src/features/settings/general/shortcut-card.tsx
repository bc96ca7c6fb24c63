import { useEffect, useState, type KeyboardEvent } from 'react'
import { acceleratorFromKeys, DEFAULT_QUICK_ASK_SHORTCUT } from '@shared/app/accelerator'
import type { ShortcutStatus } from '@shared/app/quick-ask'
import { Card } from '../../../components/card'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { isMac } from '../../../lib/platform'

const FIELD_ID = 'quick-ask-shortcut'

/**
 * The global shortcut for quick ask. "Change" records the next key combination; main asks the
 * system for it before saving, so a combination another app holds is refused and the old one stays.
 */
export function ShortcutCard() {
  const { status, saving, error, save } = useShortcut()
  const { recording, hint, toggle, stop, onRecordKey } = useShortcutRecorder(save)

  const problem = error ?? status?.problem ?? null
  const describedBy = [problem ? `${FIELD_ID}-error` : '', `${FIELD_ID}-help`]
    .filter(Boolean)
    .join(' ')
  return (
    <Card
      title="Quick ask"
      description="A small window over your other apps: ask Claude without switching to Cairn."
    >
      <div className={problem ? 'field field--invalid' : 'field'}>
        <span className="field__label" id={`${FIELD_ID}-label`}>
          Shortcut
        </span>
        <div className="field__row flex-wrap gap-2">
          <button
            type="button"
            id={FIELD_ID}
            className={`input min-w-56 text-left ${recording ? 'border-focus' : ''}`}
            aria-labelledby={`${FIELD_ID}-label ${FIELD_ID}`}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            aria-pressed={recording}
            disabled={saving || !status}
            onClick={toggle}
            onKeyDown={onRecordKey}
            onBlur={stop}
          >
            {recording ? (
              'Press the new shortcut…'
            ) : (
              <kbd className="font-mono">{status?.label ?? '…'}</kbd>
            )}
          </button>
          {status && status.accelerator !== DEFAULT_QUICK_ASK_SHORTCUT ? (
            <button
              type="button"
              className="button"
              disabled={saving}
              onClick={() => save(DEFAULT_QUICK_ASK_SHORTCUT)}
            >
              Reset to default
            </button>
          ) : null}
        </div>
        {problem ? (
          <p className="field__error" id={`${FIELD_ID}-error`} role="alert">
            {problem}
          </p>
        ) : null}
        <p className="field__help" id={`${FIELD_ID}-help`} aria-live="polite">
          {hint ??
            (recording
              ? 'Hold Ctrl, Alt or ⌘ (with Shift if you like) and press a key. Esc cancels.'
              : 'Works from any app. Click the shortcut to record another; press it again to hide the window.')}
        </p>
      </div>
    </Card>
  )
}

/** The shortcut as main holds it, and a save main may refuse (then the old one shows again). */
function useShortcut() {
  const [status, setStatus] = useState<ShortcutStatus | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    call((api) => api.shortcut.status()).then(setStatus, (failure: unknown) =>
      setError(toShownError(failure).message)
    )
  }, [])

  const save = (accelerator: string) => {
    setSaving(true)
    setError(null)
    call((api) => api.shortcut.set({ accelerator })).then(
      (next) => {
        setStatus(next)
        setSaving(false)
      },
      (failure: unknown) => {
        setSaving(false)
        setError(toShownError(failure).message)
        // The old shortcut stays: show it as main holds it.
        call((api) => api.shortcut.status()).then(setStatus, () => undefined)
      }
    )
  }
  return { status, saving, error, save }
}

/**
 * Recording: while on, the next usable key combination is saved; Esc cancels, and a combination
 * that cannot be used says why in the hint.
 */
function useShortcutRecorder(save: (accelerator: string) => void) {
  const [recording, setRecording] = useState(false)
  const [hint, setHint] = useState<string | null>(null)

  const toggle = () => {
    setRecording((on) => !on)
    setHint(null)
  }
  const stop = () => setRecording(false)

  const onRecordKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!recording) return
    // The recorder takes every key: none reaches the app's own shortcuts while it listens.
    event.preventDefault()
    event.stopPropagation()
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey
    if (plain && event.key === 'Escape') {
      setRecording(false)
      setHint(null)
      return
    }
    const checked = acceleratorFromKeys(event, isMac())
    if (!checked) return
    if (!checked.ok) {
      setHint(`That combination cannot be used: ${checked.reason}. Try another.`)
      return
    }
    setRecording(false)
    setHint(null)
    save(checked.accelerator)
  }
  return { recording, hint, toggle, stop, onRecordKey }
}

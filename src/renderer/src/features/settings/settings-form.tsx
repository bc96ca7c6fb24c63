import { useEffect, useEffectEvent, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import type { Settings } from '@shared/app/settings'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'
import { isPrimaryShortcut } from '../../lib/platform'
import { ApprovalFields } from './memory/approval-fields'
import { ContextFields } from './models/context-fields'
import { GuidanceField } from './general/appearance-fields'
import { SettingsSection } from './settings-sections'
import type { FieldGroupProps } from './field-group'
import { fieldId } from './field-labels'
import { ExpiryFields, MemoryCapFields } from './memory-fields'
import { InstructionsFields } from './models/instructions-fields'
import { ModelFields } from './models/model-fields'
import { SecretGuardFields } from './privacy/secret-guard-fields'
import { WebFields } from './models/web-fields'
import { SaveBar, type SaveFeedback } from './save-bar'
import {
  checkDraft,
  currentDraft,
  editsAfterSave,
  type DraftField,
  type Edits
} from './settings-draft'

interface SettingsFormProps {
  settings: Settings
  /** Whether Settings is the visible view (Ctrl/Cmd+S saves only then). */
  active: boolean
  onSaved: (settings: Settings) => void
  /** Cards that save on their own, shown in their section: keyed by section id. */
  extras?: Partial<Record<'memory' | 'privacy', ReactNode>>
}

function countLeaves(value: object): number {
  return Object.values(value).reduce<number>(
    (n, v) => n + (v && typeof v === 'object' && !Array.isArray(v) ? countLeaves(v) : 1),
    0
  )
}

/** Every setting, checked as you type with the same rules main applies; Save sends only changes. */
export function SettingsForm({ settings, active, onSaved, extras = {} }: SettingsFormProps) {
  // Only touched fields are kept; the rest follow `settings` when it changes elsewhere.
  const [edits, setEdits] = useState<Edits>({})
  const [saving, setSaving] = useState(false)
  const [feedback, setFeedback] = useState<SaveFeedback>(null)
  const draft = currentDraft(settings, edits)
  const check = useMemo(
    () => checkDraft(settings, currentDraft(settings, edits)),
    [settings, edits]
  )
  const invalidFields = Object.keys(check.errors) as DraftField[]

  const onChange: FieldGroupProps['onChange'] = (field, value) => {
    setEdits((current) => ({ ...current, [field]: value }))
    setFeedback((current) => (current?.kind === 'failed' ? current : null))
  }

  async function save(): Promise<void> {
    if (saving) return
    if (!check.valid) {
      setFeedback({ kind: 'blocked' })
      const first = invalidFields[0]
      if (first) document.getElementById(fieldId(first))?.focus()
      return
    }
    if (!check.changed) return
    const sent = edits
    setSaving(true)
    setFeedback(null)
    try {
      const saved = await call((api) => api.settings.update(check.patch))
      onSaved(saved)
      setEdits((current) => editsAfterSave(current, sent))
      setFeedback({ kind: 'saved' })
    } catch (error) {
      setFeedback({ kind: 'failed', error: toShownError(error) })
    } finally {
      setSaving(false)
    }
  }

  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (!isPrimaryShortcut(event) || (event.key.toLowerCase() !== 's' && event.code !== 'KeyS'))
      return
    event.preventDefault()
    void save()
  })
  useEffect(() => {
    if (!active) return
    const listener = (event: KeyboardEvent): void => onShortcut(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [active])

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    void save()
  }

  const groupProps: FieldGroupProps = { draft, errors: check.errors, onChange }
  return (
    <form className="settings-form" aria-label="App settings" onSubmit={onSubmit} noValidate>
      <SettingsSection id="models">
        <ModelFields {...groupProps} active={active} />
        <InstructionsFields {...groupProps} />
        <ContextFields {...groupProps} />
        <WebFields {...groupProps} />
      </SettingsSection>
      <SettingsSection id="memory">
        {extras.memory}
        <MemoryCapFields {...groupProps} saved={settings} />
        <ApprovalFields {...groupProps} />
        <GuidanceField {...groupProps} />
      </SettingsSection>
      <SettingsSection id="expiry">
        <ExpiryFields {...groupProps} />
      </SettingsSection>
      <SettingsSection id="privacy">
        <SecretGuardFields {...groupProps} />
        {extras.privacy}
      </SettingsSection>
      {check.otherErrors.length > 0 ? (
        <div className="callout callout--error" role="alert">
          {check.otherErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <SaveBar
        saving={saving}
        changes={check.valid ? countLeaves(check.patch) : 0}
        invalid={invalidFields.length + check.otherErrors.length}
        feedback={feedback}
        onDiscard={() => {
          setEdits({})
          setFeedback(null)
        }}
      />
    </form>
  )
}

import { useState, type ReactNode } from 'react'
import type { MemoryWriteApproval } from '@shared/app/settings'
import type { SpaceSettingsSection, SpaceSettingsState } from '@shared/memory/space-settings'
import type { SpaceId } from '@shared/memory/spaces'
import { Card } from '../../../components/card'
import { BackupCard } from '../../settings/memory/backup-card'
import { SyncCard } from '../../settings/memory/sync-card'
import { ChoiceGroup } from '../../../components/choice-group'
import { formatBytes } from '@shared/sizes'
import { useMemorySpace } from '../memory-space'
import { useSpaceSettings } from './use-space-settings'

/*
 * Memory → Settings, in a project's memory: each section follows Settings or is the project's own.
 * Making one its own starts from the values in force, so nothing changes until the user edits.
 */
export function SpaceSettingsPane() {
  const space = useMemorySpace()
  const { state, error, save } = useSpaceSettings(space)
  if (!state)
    return <p className="p-4 text-sm text-muted">{error ?? 'Reading this memory’s settings…'}</p>
  const props = { space, state, save }
  return (
    <div className="flex h-full flex-col gap-4 overflow-auto p-4">
      <p className="text-sm text-muted">
        Each part follows Settings unless this project keeps its own. Pins are always this project’s
        own: they name files in its folder.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <LimitsSection {...props} />
      <ApprovalSection {...props} />
      <ExpirySection {...props} />
      <GuardSection {...props} />
      <SyncCard space={space} />
      <BackupCard space={space} />
    </div>
  )
}

interface SectionProps {
  space: SpaceId
  state: SpaceSettingsState
  save: Save
}

const LIMIT_ROWS = [
  { label: 'Largest file (bytes)', key: 'maxFileBytes' },
  { label: 'Whole folder (bytes)', key: 'maxTotalBytes' },
  { label: 'Files', key: 'maxFiles' }
] as const

function LimitsSection({ state, save }: SectionProps) {
  const { own, effective } = state
  const limits = effective.memory
  const mine = own.memory
  return (
    <Section
      title="Memory limits"
      section="memory"
      state={state}
      onSave={save}
      summary={`${formatBytes(limits.maxFileBytes)} a file, ${formatBytes(limits.maxTotalBytes)} in all, ${limits.maxFiles.toLocaleString('en-US')} files`}
      ownValue={limits}
    >
      {mine
        ? LIMIT_ROWS.map(({ label, key }) => (
            <NumberRow
              key={key}
              label={label}
              value={mine[key]}
              onCommit={(value) => save({ section: 'memory', value: { ...mine, [key]: value } })}
            />
          ))
        : null}
    </Section>
  )
}

function ApprovalSection({ space, state, save }: SectionProps) {
  const { own, effective } = state
  return (
    <Section
      title="Approving Claude’s changes"
      section="memoryWriteApproval"
      state={state}
      onSave={save}
      summary={APPROVAL_WORDS[effective.memoryWriteApproval]}
      ownValue={effective.memoryWriteApproval}
    >
      {own.memoryWriteApproval ? (
        <ChoiceGroup<MemoryWriteApproval>
          legend="Claude’s memory changes in this project"
          name={`approval-${space}`}
          value={own.memoryWriteApproval}
          onChange={(value) => void save({ section: 'memoryWriteApproval', value })}
          choices={(Object.keys(APPROVAL_WORDS) as MemoryWriteApproval[]).map((value) => ({
            value,
            label: APPROVAL_WORDS[value]
          }))}
        />
      ) : null}
    </Section>
  )
}

function ExpirySection({ space, state, save }: SectionProps) {
  const { own, effective } = state
  const expiry = effective.expiry
  const mine = own.expiry
  return (
    <Section
      title="Expiry"
      section="expiry"
      state={state}
      onSave={save}
      summary={
        expiry.mode === 'off'
          ? 'Files never expire'
          : `Files ${expiry.mode === 'idle' ? 'idle' : 'older than'} ${expiry.days} days are ${expiry.action === 'archive' ? 'archived' : 'deleted'}`
      }
      ownValue={{ mode: expiry.mode, days: expiry.days, action: expiry.action }}
    >
      {mine ? (
        <>
          <ChoiceGroup
            legend="Expire memory files"
            name={`expiry-${space}`}
            layout="segmented"
            value={mine.mode}
            onChange={(mode) => void save({ section: 'expiry', value: { ...mine, mode } })}
            choices={[
              { value: 'off', label: 'Never' },
              { value: 'idle', label: 'When idle' },
              { value: 'age', label: 'By age' }
            ]}
          />
          <NumberRow
            label="Days"
            value={mine.days}
            onCommit={(days) => save({ section: 'expiry', value: { ...mine, days } })}
          />
        </>
      ) : null}
    </Section>
  )
}

function GuardSection({ space, state, save }: SectionProps) {
  const { own, effective } = state
  const mine = own.secretGuard
  return (
    <Section
      title="Secret guard"
      section="secretGuard"
      state={state}
      onSave={save}
      summary={
        effective.secretGuard.mode === 'refuse'
          ? 'Claude’s writes with a credential are refused'
          : 'Credentials in Claude’s writes are redacted'
      }
      ownValue={effective.secretGuard}
    >
      {mine ? (
        <ChoiceGroup
          legend="Credentials in Claude’s writes"
          name={`guard-${space}`}
          value={mine.mode}
          onChange={(mode) => void save({ section: 'secretGuard', value: { ...mine, mode } })}
          choices={[
            { value: 'refuse', label: 'Refuse the write' },
            { value: 'redact', label: 'Redact the credential and save the rest' }
          ]}
        />
      ) : null}
    </Section>
  )
}

const APPROVAL_WORDS: Record<MemoryWriteApproval, string> = {
  automatic: 'Saved without asking',
  'ask-destructive': 'Ask before removing or overwriting',
  'ask-all': 'Ask before every change'
}

type Save = ReturnType<typeof useSpaceSettings>['save']

/** One section: its summary, and the switch between Settings' values and the project's own. */
function Section({
  title,
  section,
  state,
  summary,
  ownValue,
  onSave,
  children
}: {
  title: string
  section: SpaceSettingsSection
  state: SpaceSettingsState
  summary: string
  /** The values in force: a section made the project's own starts from them. */
  ownValue: unknown
  onSave: Save
  children: ReactNode
}) {
  const isOwn = state.own[section] !== undefined
  const toggle = () =>
    void onSave({ section, value: isOwn ? null : ownValue } as Parameters<Save>[0])
  return (
    <Card title={title} description={summary}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={isOwn} onChange={toggle} />
        This project’s own {isOwn ? '' : '(now: the same as Settings)'}
      </label>
      {isOwn ? <div className="mt-3 flex flex-col gap-3">{children}</div> : null}
    </Card>
  )
}

/** A whole number saved when the field is left or Enter is pressed; a refusal keeps the text. */
function NumberRow({
  label,
  value,
  onCommit
}: {
  label: string
  value: number
  onCommit(value: number): Promise<boolean>
}) {
  const [text, setText] = useState(String(value))
  const commit = () => {
    const next = Number(text)
    if (text.trim() === '' || !Number.isInteger(next) || next === value) return
    void onCommit(next)
  }
  return (
    <label className="flex items-center justify-between gap-3 text-sm">
      <span>{label}</span>
      <input
        className="input w-40 text-right"
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
      />
    </label>
  )
}

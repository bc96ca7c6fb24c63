import { useState } from 'react'
import type { Settings } from '@shared/app/settings'
import type { UpdateChannel, UpdateMode } from '@shared/app/updates'
import { Card } from '../../components/card'
import { ChoiceGroup } from '../../components/choice-group'
import { Spinner } from '../../components/icons'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'
import { canCheck, updateStatusLine } from './update-texts'
import { useUpdates } from './use-updates'

const MODES = [
  {
    value: 'auto',
    label: 'Automatic',
    description:
      'Checks every few hours and downloads in the background. Cairn restarts only when you choose Restart to update.'
  },
  {
    value: 'notify',
    label: 'Notify only',
    description: 'Checks and tells you; downloads only when you choose Download.'
  },
  { value: 'off', label: 'Off', description: 'Never checks on its own. Check now still asks once.' }
] as const

/** Settings → General: how Cairn updates, which versions it follows, and where it stands now. */
export function UpdatesCard({
  settings,
  onSaved
}: {
  settings: Settings
  onSaved: (settings: Settings) => void
}) {
  const { saving, error, save } = useSaveUpdateSetting(onSaved)
  const shown = { ...settings.updates, ...saving }
  return (
    <Card
      title="Updates"
      description="New versions come from Cairn's releases page over HTTPS. Each download is checked against the checksum published with it (and, on macOS and Windows, against Cairn's signature) before it is installed."
    >
      <ChoiceGroup<UpdateMode>
        legend="How Cairn updates"
        name="update-mode"
        value={shown.mode}
        onChange={(mode) => save({ mode })}
        choices={MODES}
      />
      <ChoiceGroup<UpdateChannel>
        legend="Channel"
        name="update-channel"
        layout="segmented"
        value={shown.channel}
        onChange={(channel) => save({ channel })}
        choices={[
          { value: 'stable', label: 'Stable' },
          { value: 'beta', label: 'Beta' }
        ]}
        help="Beta also gets test versions (like 1.2.0-beta.1) before they are released. Going back to Stable waits for the next stable version."
      />
      {error ? (
        <p role="alert" className="inline-status inline-status--error">
          Could not save the update setting: {error}
        </p>
      ) : null}
      <UpdateStanding />
    </Card>
  )
}

/**
 * A choice saves at once, like the theme (no Save needed); while it saves, the card shows the
 * choice made, and a failure says it was not saved.
 */
function useSaveUpdateSetting(onSaved: (settings: Settings) => void) {
  const [saving, setSaving] = useState<Partial<Settings['updates']> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const save = (patch: Partial<Settings['updates']>): void => {
    setSaving(patch)
    setError(null)
    call((api) => api.settings.update({ updates: patch })).then(
      (saved) => {
        onSaved(saved)
        setSaving(null)
      },
      (failure: unknown) => {
        setSaving(null)
        setError(toShownError(failure).message)
      }
    )
  }
  return { saving, error, save }
}

/** Where Cairn stands now: its version, the update status, and the step it offers next. */
function UpdateStanding() {
  const updates = useUpdates()
  const status = updates.status
  const phase = status?.phase
  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <div className="contents">
          <dt className="text-muted">Version</dt>
          <dd className="m-0 font-mono text-[13px]" data-testid="update-current">
            {status?.currentVersion ?? '…'}
          </dd>
        </div>
        <div className="contents">
          <dt className="text-muted">Status</dt>
          <dd className="m-0">
            {/* A live region inside the term's value: the list keeps its dt/dd pairs. */}
            <span role="status" aria-label="Update status" data-testid="update-status">
              {status ? updateStatusLine(status) : '…'}
            </span>
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="button"
          disabled={!status || !canCheck(status)}
          onClick={updates.check}
        >
          {phase?.kind === 'checking' ? <Spinner /> : null}
          Check now
        </button>
        {phase?.kind === 'available' ? (
          <button type="button" className="button button--primary" onClick={updates.download}>
            Download {phase.version}
          </button>
        ) : null}
        {phase?.kind === 'ready' ? (
          <button
            type="button"
            className="button button--primary"
            disabled={phase.waitingForReply}
            onClick={updates.restart}
          >
            Restart to update
          </button>
        ) : null}
      </div>
      {updates.problem ? (
        <p role="alert" className="inline-status inline-status--error">
          {updates.problem}
        </p>
      ) : null}
    </>
  )
}

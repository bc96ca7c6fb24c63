import type { AppInfo } from '@shared/contract'
import { Card } from '../../components/card'
import { Spinner } from '../../components/icons'
import { MemoryFolderControl } from '../../components/memory-folder-control'
import { AboutCard } from './about-card'
import { ApiKeySection } from './api-key-section'
import { SettingsForm } from './settings-form'
import { SyncCard } from './sync-card'
import { TrustedSitesCard } from './trusted-sites-card'
import type { SettingsController } from './use-settings-state'

interface SettingsViewProps {
  state: SettingsController
  info: AppInfo | null
  active: boolean
  /** Bumped to focus the API key field (the chat's "Change the API key"). */
  keyFocusSignal?: number
}

export function SettingsView({ state, info, active, keyFocusSignal = 0 }: SettingsViewProps) {
  return (
    <div className="view view--settings">
      <header className="view__header">
        <h1>Settings</h1>
        <p className="view__subtitle">
          Kept on this computer: the API key in the system keychain, the rest in a settings file.
        </p>
      </header>

      <ApiKeySection active={active} focusSignal={keyFocusSignal} />
      <Card
        title="Memory folder"
        description="Claude's memory is a folder of plain files. Open it to read, edit or back them up."
      >
        {info ? (
          <p className="folder-path">
            <code>{info.memoryFolder}</code>
          </p>
        ) : null}
        <MemoryFolderControl />
      </Card>

      {state.phase === 'loading' && !state.settings ? (
        <p className="loading" role="status">
          <Spinner /> Loading settings…
        </p>
      ) : null}
      {state.phase === 'failed' && !state.settings ? (
        <p className="loading">Settings are unavailable until they load: see the message above.</p>
      ) : null}
      {state.settings ? (
        <SettingsForm settings={state.settings} active={active} onSaved={state.replace} />
      ) : null}
      {state.settings ? (
        <TrustedSitesCard settings={state.settings} onSaved={state.replace} />
      ) : null}
      <SyncCard />
      <AboutCard info={info} active={active} />
    </div>
  )
}

import type { AppInfo } from '@shared/contract'
import { Card } from '../../components/card'
import { Spinner } from '../../components/icons'
import { MemoryFolderControl } from '../../components/memory-folder-control'
import { AboutCard } from './advanced/about-card'
import { ApiKeySection } from './general/api-key-section'
import { ThemeCard } from './general/appearance-fields'
import { TrayCard } from './general/tray-card'
import { SettingsForm } from './settings-form'
import { ShortcutCard } from './general/shortcut-card'
import {
  SettingsNav,
  SettingsSection,
  sectionId,
  useSectionInView,
  type SettingsSectionId
} from './settings-sections'
import { SyncCard } from './memory/sync-card'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { BackupCard } from './memory/backup-card'
import { TrustedSitesCard } from './privacy/trusted-sites-card'
import { ToolsCard } from './tools/tools-card'
import { UpdatesCard } from '../updates/updates-card'
import type { SettingsController } from './use-settings-state'

interface SettingsViewProps {
  state: SettingsController
  info: AppInfo | null
  active: boolean
  /** Bumped to focus the API key field (the chat's "Change the API key"). */
  keyFocusSignal?: number
}

export function SettingsView({ state, info, active, keyFocusSignal = 0 }: SettingsViewProps) {
  const [current, jumped] = useSectionInView(active)
  const jump = (id: SettingsSectionId): void => {
    const section = document.getElementById(sectionId(id))
    section?.scrollIntoView({ block: 'start' })
    jumped(id)
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
  }
  const folderCard = (
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
  )
  return (
    <div className="view view--settings">
      <header className="view__header">
        <h1>Settings</h1>
        <p className="view__subtitle">
          Kept on this computer: the API key in the system keychain, the rest in a settings file.
        </p>
      </header>
      <div className="settings-layout">
        <SettingsNav current={current} onJump={jump} />
        <div className="settings-layout__content">
          <SettingsSection id="general">
            <ApiKeySection active={active} focusSignal={keyFocusSignal} />
            {state.settings ? (
              <>
                <ThemeCard settings={state.settings} onSaved={state.replace} />
                <TrayCard settings={state.settings} info={info} onSaved={state.replace} />
                <UpdatesCard settings={state.settings} onSaved={state.replace} />
              </>
            ) : null}
            <ShortcutCard />
          </SettingsSection>

          {state.phase === 'loading' && !state.settings ? (
            <p className="loading" role="status">
              <Spinner /> Loading settings…
            </p>
          ) : null}
          {state.phase === 'failed' && !state.settings ? (
            <>
              <p className="loading">
                Settings are unavailable until they load: see the message above.
              </p>
              {folderCard}
            </>
          ) : null}
          {state.settings ? (
            <SettingsForm
              settings={state.settings}
              active={active}
              onSaved={state.replace}
              extras={{
                memory: (
                  <>
                    {folderCard}
                    <SyncCard space={DEFAULT_SPACE_ID} />
                    <BackupCard />
                  </>
                ),
                privacy: <TrustedSitesCard settings={state.settings} onSaved={state.replace} />
              }}
            />
          ) : null}
          <SettingsSection id="tools">
            <ToolsCard />
          </SettingsSection>
          <SettingsSection id="advanced">
            <AboutCard info={info} active={active} />
          </SettingsSection>
        </div>
      </div>
    </div>
  )
}

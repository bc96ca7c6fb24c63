import type { CrashReport, IncomingLink } from '@shared/app/app-requests'
import type { UpdateStatus } from '@shared/app/updates'
import type { EventName } from '@shared/contract'
import type { ExportResult, ImportPreview, ImportResult } from '@shared/memory/backup'
import type { SyncStatus } from '@shared/memory/sync'
import type { SpaceId } from '@shared/memory/spaces'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import type { McpOverview } from '@shared/mcp/channels'

// The fake main's desktop side: links waiting in the inbox, crash reports, updates, export and
// import, and sync (off). Each answers as main does when nothing is set up; tests set the rest.

const SYNC_OFF = {
  state: 'off',
  storeId: null,
  storeName: null,
  lastSyncAt: null,
  pending: 0,
  conflicts: [],
  skipped: [],
  retryAt: null,
  error: null,
  deviceName: 'this computer',
  storeSize: null,
  waiting: []
} as const

export function createFakeDesktop(emit: (event: EventName, payload: unknown) => void) {
  const links: IncomingLink[] = []
  /** What mcp:overview answers (a test sets servers). */
  const mcp: { overview: McpOverview; prompts: McpPromptInfo[] } = {
    overview: { servers: [] },
    prompts: []
  }
  const crash: { report: CrashReport } = {
    report: { count: 0, total: 0, text: 'No crash reports: Cairn has not recorded a crash.' }
  }
  // Like a development build: updates are off until a test says otherwise.
  const updates = {
    status: {
      currentVersion: '0.1.0-test',
      mode: 'auto',
      channel: 'stable',
      checkedAt: null,
      phase: {
        kind: 'off',
        reason: 'development',
        message: 'Updates are off: this is a development build.'
      }
    } as UpdateStatus,
    set(status: UpdateStatus) {
      updates.status = status
      emit('updates:changed', status)
    }
  }
  const backup: {
    exported: ExportResult | null
    preview: ImportPreview | null
    result: ImportResult | null
  } = { exported: null, preview: null, result: null }
  /**
   * Sync per memory space: what sync:status answers for a space (off unless a test sets it), and
   * what Decline answers (main's status after declining).
   */
  const sync: { afterDecline: SyncStatus | null; statuses: Map<SpaceId, SyncStatus> } = {
    afterDecline: null,
    statuses: new Map()
  }
  const statusIn = ({ space }: { space: SpaceId }): SyncStatus =>
    sync.statuses.get(space) ?? { ...SYNC_OFF, space, conflicts: [], skipped: [], waiting: [] }
  /** The prompts the chat's MCP servers offer (none unless a test sets some). */
  const handlers = {
    'app:take-links': () => ({ links: links.splice(0) }),
    'app:crash-report': () => crash.report,
    // Sync is off until a test turns it on (Settings → Memory shows its card).
    'sync:status': statusIn,
    'sync:now': statusIn,
    'sync:resolve': statusIn,
    'sync:list-stores': () => ({ stores: [] }),
    'sync:approve': statusIn,
    'sync:decline': (input: { space: SpaceId }) => sync.afterDecline ?? statusIn(input),
    // Export and import: the OS dialogs, cancelled (Settings → Memory shows the card).
    'backup:export': () => backup.exported ?? { status: 'canceled' },
    'backup:import-preview': () => backup.preview,
    'backup:import': () =>
      backup.result ?? {
        imported: [],
        skipped: [],
        historyVersions: 0,
        settingsApplied: false,
        seq: null
      },
    // The answers are main's status as it stands; tests see the calls in callsTo().
    'updates:status': () => updates.status,
    'updates:check': () => updates.status,
    'updates:download': () => updates.status,
    'updates:restart': () => updates.status,
    // No MCP servers until a test adds some (Settings → Tools shows its card).
    'mcp:overview': () => mcp.overview,
    // The composer's slash commands: the prompts a test puts in `mcp.prompts`, filled in as text.
    'mcp:list-prompts': () => ({ prompts: mcp.prompts, problems: [] }),
    'mcp:get-prompt': (input: { name: string; arguments: Record<string, string> }) => ({
      text: `${input.name}: ${JSON.stringify(input.arguments)}`
    })
  }
  return { handlers, links, crash, updates, backup, sync, mcp }
}

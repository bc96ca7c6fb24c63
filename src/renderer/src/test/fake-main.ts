import type { ExportResult, ImportPreview, ImportResult } from '@shared/memory/backup'
import { buildCairnApi, type CairnApi } from '@shared/bridge'
import {
  channels,
  type ChannelName,
  type Envelope,
  type EventName,
  type SettingsState
} from '@shared/contract'
import { CairnError } from '@shared/errors'
import { tidySuggestion, TidySuggestions } from '@shared/tidy/suggest'
import type { MemoryUsage } from '@shared/memory/memory'
import type { ModelOption } from '@shared/chat/models'
import type { ModelCaps } from '@shared/models/model-caps'
import { createFakeApprovals } from './fake-approvals'
import { createFakeElicitations } from './fake-elicitations'
import { isAppLink } from '@shared/app/links'
import { acceleratorLabel } from '@shared/app/accelerator'
import type { CrashReport, IncomingLink } from '@shared/app/app-requests'
import { costSummary } from '@shared/models/cost-summary'
import { createFakeAttachments } from './fake-attachments'
import { createFakeChat } from './fake-chat'
import { createFakeDesktop } from './fake-desktop'
import type { SyncStatus } from '@shared/memory/sync'
import type { SpaceId } from '@shared/memory/spaces'
import { createFakeMemory } from './fake-memory'
import { createFakeProjects } from './fake-projects'
import { createFakeTidy } from './fake-tidy'
import { createFakeSecrets } from './fake-secrets'
import type { UpdateStatus } from '@shared/app/updates'
import {
  applySettingsPatch,
  AUTO_MODEL,
  defaultSettings,
  FALLBACK_MODEL,
  type SettingsPatch
} from '@shared/app/settings'

/*
 * A small in-memory stand-in for the main process: real contract schemas on the way in, real
 * envelopes on the way out, and the real `buildCairnApi` on top, so renderer tests go through the
 * same bridge code the app uses.
 */

export interface Call {
  channel: ChannelName
  input: unknown
}

export interface FakeMainOptions {
  settings?: SettingsState
  keychain?: 'available' | 'missing'
  envKey?: string | null
  storedKey?: string | null
  /** Memory files by path ("/memories/a.md" → text). */
  memory?: Record<string, string>
  /** Global shortcuts another app holds (shortcut:set answers SHORTCUT_TAKEN). */
  takenShortcuts?: string[]
}

type Handler = (input: never) => unknown

/** What the API describes of a model (capabilities from GET /v1/models, read as main reads them). */
const ADAPTIVE_CAPS: ModelCaps = {
  thinking: { adaptive: true, enabled: true, disabled: true, betweenTools: false },
  effort: ['low', 'medium', 'high', 'max'],
  imageInput: true,
  pdfInput: true,
  webSearch: true,
  codeExecution: false,
  contextManagement: { clearToolUses: true, clearThinking: true, compact: true }
}
export const FAKE_MODELS: ModelOption[] = [
  {
    id: 'claude-opus-4-1',
    displayName: 'Claude Opus 4.1',
    caps: {
      ...ADAPTIVE_CAPS,
      thinking: { ...ADAPTIVE_CAPS.thinking, adaptive: false },
      effort: []
    },
    maxTokens: 32_000,
    maxInputTokens: 200_000
  },
  {
    id: 'claude-sonnet-4-6',
    displayName: 'Claude Sonnet 4.6',
    caps: ADAPTIVE_CAPS,
    maxTokens: 64_000,
    maxInputTokens: 1_000_000
  }
]

export interface FakeMain {
  api: CairnApi
  calls: Call[]
  callsTo(channel: ChannelName): unknown[]
  emit(event: EventName, payload: unknown): void
  /** Makes a channel answer with this error until cleared. */
  fail(channel: ChannelName, error: CairnError | null): void
  /** Holds answers on a channel until the returned release is called. */
  hold(channel: ChannelName): () => void
  state: { settings: SettingsState; sessionKey: string | null; keychainKey: string | null }
  memory: Map<string, string>
  /** The memory caps in force (tests may lower them). */
  memoryLimits: ReturnType<typeof createFakeMemory>['limits']
  /** What the page asked main to copy, oldest first. */
  clipboard: string[]
  /** Links main handed to the OS browser, oldest first. */
  openedLinks: string[]
  activity: ReturnType<typeof createFakeMemory>['activity']
  /** Each path's versions as memory:history answers them, newest first. */
  memoryHistory: ReturnType<typeof createFakeMemory>['history']
  /** Makes a memory change as the engine would (file, activity entry, history version). */
  change: ReturnType<typeof createFakeMemory>['change']
  conversations: ReturnType<typeof createFakeChat>['conversations']
  /** The fake chat's own controls: the exports it recorded, what the save dialog answers. */
  chat: ReturnType<typeof createFakeChat>
  /** Write approvals waiting (add one, then emit chat:approval-pending) and the answers given. */
  approvals: ReturnType<typeof createFakeApprovals>
  /** MCP servers' questions waiting (add one, then emit mcp:elicitation-pending) and the answers. */
  elicitations: ReturnType<typeof createFakeElicitations>
  /** What the next file-button pick answers (main's open dialog). */
  picked: ReturnType<typeof createFakeAttachments>['picked']
  /** Links waiting in main's inbox (push one, then emit app:links-waiting). */
  links: IncomingLink[]
  /** What app:crash-report answers (none by default). */
  crashReport: CrashReport
  /** What Export memory / Import answer (null: the dialog was cancelled). */
  backup: {
    exported: ExportResult | null
    preview: ImportPreview | null
    result: ImportResult | null
  }
  /** The update state main reports; `set` also sends updates:changed, like main. */
  updates: { status: UpdateStatus; set(status: UpdateStatus): void }
  /** Sync per space: sync:status's answer by space (off when absent), and what Decline answers. */
  sync: { afterDecline: SyncStatus | null; statuses: Map<SpaceId, SyncStatus> }
  /** The MCP servers mcp:overview answers (Settings → Tools, the chat header) and the prompts the
   * composer's slash list offers. */
  mcp: ReturnType<typeof createFakeDesktop>['mcp']
  /** Projects, and what main's folder dialog and knowledge picks answer next. */
  projects: ReturnType<typeof createFakeProjects>
  /** Memory → Tidy…: `ready(proposal)` announces a proposal as main does. */
  tidy: ReturnType<typeof createFakeTidy>
}

export function createFakeMain(options: FakeMainOptions = {}): FakeMain {
  const calls: Call[] = []
  const clipboard: string[] = []
  const openedLinks: string[] = []
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const failures = new Map<ChannelName, CairnError>()
  const holds = new Map<ChannelName, Promise<void>>()
  const state = {
    settings: options.settings ?? { settings: defaultSettings(), notice: null },
    sessionKey: null as string | null,
    keychainKey: options.storedKey ?? null
  }

  const emit = (event: EventName, payload: unknown): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }

  // Like main: "Automatic" is offered as the model it stands for, never as "auto".
  const configuredModel = () =>
    state.settings.settings.model === AUTO_MODEL ? FALLBACK_MODEL : state.settings.settings.model
  const takenShortcuts = new Set(options.takenShortcuts ?? [])
  const shortcutStatus = () => {
    const accelerator = state.settings.settings.quickAskShortcut
    const registered = !takenShortcuts.has(accelerator)
    const label = acceleratorLabel(accelerator, 'linux')
    return {
      accelerator,
      label,
      registered,
      problem: registered
        ? null
        : `Another app uses ${label}, so quick ask has no shortcut. Choose another one below.`
    }
  }

  const { status, handlers: secrets } = createFakeSecrets(state, options)
  const memory = createFakeMemory(options.memory)
  const suggestions = new TidySuggestions()
  const chat = createFakeChat()
  const approvals = createFakeApprovals(emit)
  const elicitations = createFakeElicitations(emit)
  const attachments = createFakeAttachments()
  const desktop = createFakeDesktop(emit)
  const projects = createFakeProjects(emit, chat.conversations)
  const tidy = createFakeTidy(emit)
  // Only what the renderer under test uses; any other channel answers like a failed call.
  const handlers: Partial<Record<ChannelName, Handler>> = {
    ...desktop.handlers,
    ...memory.handlers,
    ...chat.handlers,
    ...approvals.handlers,
    ...elicitations.handlers,
    ...attachments.handlers,
    ...projects.handlers,
    ...tidy.handlers,
    ...secrets,
    'chat:cost-summary': () => costSummary([...chat.conversations.values()], new Date()),
    // A model not in the list is described by nothing: the header offers no thinking.
    'chat:describe-model': (input) => ({
      model: FAKE_MODELS.find((m) => m.id === (input as { model: string }).model) ?? null
    }),
    'app:info': () => ({
      name: 'Cairn',
      version: '0.1.0-test',
      platform: 'linux',
      electronVersion: null,
      memoryFolder: '/home/test/.config/Cairn/memories',
      userDataFolder: '/home/test/.config/Cairn'
    }),
    'app:open-memory-folder': () => ({ path: '/home/test/.config/Cairn/memories' }),
    'app:diagnostics': () => {
      const base = {
        app: { name: 'Cairn', version: '0.1.0-test', packaged: false },
        versions: { electron: '45.4.1', chrome: '142.0.0.0', node: '24.11.0' },
        platform: { os: 'linux', arch: 'x64', release: '6.1.0' },
        paths: {
          userData: '/home/test/.config/Cairn',
          logs: '/home/test/.config/Cairn/logs',
          memory: '/home/test/.config/Cairn/memories'
        },
        settings: { model: state.settings.settings.model },
        apiKey: { configured: status().configured, source: status().source },
        log: ['[info] Cairn started']
      }
      return { ...base, text: `Cairn 0.1.0-test\n${JSON.stringify(base)}` }
    },
    'app:copy-text': ({ text }: { text: string }) => {
      clipboard.push(text)
      return { copied: text.length }
    },
    // Like main: opens when confirmed or the site is trusted, and remembers a site to trust.
    'app:open-external': (input: { url: string; confirmed?: boolean; trustHost?: boolean }) => {
      const host = new URL(input.url).hostname
      const trusted = state.settings.settings.trustedLinkHosts
      if (!trusted.includes(host) && !input.confirmed && !isAppLink(input.url))
        return { opened: false, host }
      openedLinks.push(input.url)
      if (input.trustHost && !trusted.includes(host)) {
        const next = { ...state.settings.settings, trustedLinkHosts: [...trusted, host] }
        state.settings = { ...state.settings, settings: next }
        emit('settings:changed', { settings: next })
      }
      return { opened: true, host }
    },
    // Like main: the API's list once a key is set, else only the configured model.
    'chat:list-models': () =>
      status().configured
        ? {
            models: FAKE_MODELS,
            source: 'api',
            fetchedAt: new Date().toISOString(),
            message: null,
            automatic: 'claude-sonnet-4-6'
          }
        : {
            models: [{ id: configuredModel(), displayName: configuredModel() }],
            automatic: FALLBACK_MODEL,
            source: 'default',
            fetchedAt: null,
            message:
              'The model list could not be loaded (no API key is set); only the model from Settings is offered.'
          },
    // Quick ask: the global shortcut held, unless a test says another app holds it (`takenShortcuts`).
    'shortcut:status': () => shortcutStatus(),
    'shortcut:set': ({ accelerator }: { accelerator: string }) => {
      if (takenShortcuts.has(accelerator))
        throw new CairnError(
          'SHORTCUT_TAKEN',
          `Another app uses ${acceleratorLabel(accelerator, 'linux')}; choose another shortcut.`
        )
      const next = { ...state.settings.settings, quickAskShortcut: accelerator }
      state.settings = { ...state.settings, settings: next }
      return shortcutStatus()
    },
    'window:hide-quick-ask': () => ({ hidden: true }),
    'window:open-in-main': () => ({ opened: true }),
    // Suggest a tidy as main does (shared/tidy/suggest.ts), from the fake folder's usage.
    'tidy:suggestion': ({ space }: { space: string }) => {
      const settings = state.settings.settings.tidySuggest
      if (!settings.enabled) return null
      const usage = (memory.handlers['memory:usage'] as () => MemoryUsage)()
      return suggestions.shown(space, tidySuggestion(settings, usage, 0))
    },
    'tidy:dismiss-suggestion': ({ space }: { space: string }) => {
      suggestions.dismiss(space)
      return { dismissed: true }
    },
    'settings:get': () => state.settings,
    'settings:update': (patch: SettingsPatch) => {
      const result = applySettingsPatch(state.settings.settings, patch)
      if (!result.ok)
        throw new CairnError(
          'SETTINGS_INVALID',
          result.issues.map((i) => `${i.path}: ${i.message}`).join('; ')
        )
      state.settings = { ...state.settings, settings: result.settings }
      emit('settings:changed', { settings: result.settings })
      return result.settings
    }
  }

  async function invoke(channel: ChannelName, input: unknown): Promise<Envelope> {
    calls.push({ channel, input })
    await holds.get(channel)
    try {
      const failure = failures.get(channel)
      if (failure) throw failure
      const parsed = channels[channel].input.safeParse(input)
      if (!parsed.success) throw new CairnError('BAD_INPUT', parsed.error.issues[0]?.message ?? '')
      const handler = handlers[channel]
      if (!handler) throw new CairnError('INTERNAL', `${channel} is not faked in this test`)
      const output = await handler(parsed.data as never)
      return { ok: true, data: channels[channel].output.parse(output) }
    } catch (error) {
      const cairn = CairnError.from(error)
      return { ok: false, error: { code: cairn.code, message: cairn.detail } }
    }
  }

  const api = buildCairnApi({
    invoke,
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    }
  })

  return {
    api,
    calls,
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    emit,
    fail(channel, error) {
      if (error) failures.set(channel, error)
      else failures.delete(channel)
    },
    hold(channel) {
      let release = (): void => undefined
      holds.set(
        channel,
        new Promise<void>((resolve) => {
          release = () => {
            holds.delete(channel)
            resolve()
          }
        })
      )
      return release
    },
    state,
    memory: memory.files,
    memoryLimits: memory.limits,
    clipboard,
    openedLinks,
    activity: memory.activity,
    memoryHistory: memory.history,
    change: memory.change,
    conversations: chat.conversations,
    chat,
    approvals,
    elicitations,
    picked: attachments.picked,
    links: desktop.links,
    get crashReport() {
      return desktop.crash.report
    },
    set crashReport(report) {
      desktop.crash.report = report
    },
    backup: desktop.backup,
    updates: desktop.updates,
    sync: desktop.sync,
    mcp: desktop.mcp,
    projects,
    tidy
  }
}

/** Puts a fake main behind window.cairn, as the preload would. */
export function installFakeMain(options?: FakeMainOptions): FakeMain {
  const main = createFakeMain(options)
  window.cairn = main.api
  return main
}

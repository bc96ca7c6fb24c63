import type { McpServerConfig, McpServerStatus, McpToolInfo } from '@shared/mcp/servers'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { McpCallOptions, McpCallResult, McpServerFeatures } from './connection'
import { notConnectedError } from './mcp-errors'
import { ServerSlot, type SlotDeps } from './server-slot'
import type { TransportOptions } from './transports'

/*
 * The MCP servers the user configured, running in main (issue 37). Settings hands it the list;
 * the chat's MCP tool provider reads its tools and calls them. Servers start in the background:
 * nothing here waits for a server before answering, and quitting waits a bounded time at most.
 */

export type {
  McpCallOptions,
  McpCallResult,
  McpCallProgress,
  McpElicitRequest,
  McpElicitResult,
  McpServerFeatures
} from './connection'
export type { TransportOptions } from './transports'

export interface McpHubDeps {
  /** Where each stdio server's stderr is kept (`mcp-<id>.log`). */
  logDir: string
  clock?: () => Date
  logger: Logger
  /** How long a server has to start and answer `initialize` and `tools/list`. */
  connectTimeoutMs?: number
  /** How long a call may go without an answer or a progress report. */
  callTimeoutMs?: number
  maxRestarts?: number
  restartDelayMs?: (attempt: number) => number
  /** Options for a server's transport (OAuth for remote servers). */
  transportOptions?: (config: McpServerConfig) => TransportOptions
  /** Answers a server's request for the user's input; absent, servers are told Cairn has none. */
  elicit?: SlotDeps['elicit']
  /** The longest `dispose` waits for servers to close before it returns anyway. */
  disposeTimeoutMs?: number
  /** How long a server's start holds up the next one at most (they start one after another). */
  staggerMs?: number
}

export interface McpHub {
  /** Starts enabled servers in the background, stops removed and disabled ones, restarts changed ones. */
  configure(configs: McpServerConfig[]): void
  status(): McpServerStatus[]
  /**
   * The tools of connected servers, in config order: the same array until a server's tools
   * change, so what is built from it (a chat's tool definitions) can be built once.
   */
  tools(): readonly McpToolInfo[]
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: McpCallOptions
  ): Promise<McpCallResult>
  /** A connected server's prompts and resources; throws in plain words when it is not connected. */
  features(server: string): McpServerFeatures
  /** Stops and starts one server; resolves once it is connected or has failed. */
  restart(id: string): Promise<void>
  /** Status or tools changed. Returns the unsubscribe. */
  onChange(listener: () => void): () => void
  dispose(): Promise<void>
}

export const MCP_CONNECT_TIMEOUT_MS = 30_000
export const MCP_CALL_TIMEOUT_MS = 120_000
const MAX_RESTARTS = 3
const STAGGER_MS = 2_000
// Stdio's close waits up to 2 s for an exit, then 2 s after SIGTERM before SIGKILL: 4 s and a margin.
const DISPOSE_TIMEOUT_MS = 5_000

export function createMcpHub(deps: McpHubDeps): McpHub {
  const changes = new Emitter<void>((error) =>
    deps.logger.error('an MCP change listener failed', { error: String(error) })
  )
  const slotDeps = slotDepsOf(deps, () => changes.emit())
  let slots = new Map<string, ServerSlot>()
  let configs: McpServerConfig[] = []
  let disposed = false
  const inTurn = startsInTurn(deps.staggerMs ?? STAGGER_MS)
  const stopping = createStopping()
  const toolList = keptToolList()
  const background = (work: Promise<void>, id: string): void => {
    work.catch((error: unknown) =>
      deps.logger.error('mcp server start failed', { server: id, error: String(error) })
    )
  }
  const slotOf = (server: string): ServerSlot => {
    const slot = slots.get(server)
    if (!slot) throw notConnectedError(undefined, server)
    return slot
  }

  return {
    configure(next) {
      if (disposed) return
      const kept = new Map<string, ServerSlot>()
      for (const config of next) {
        const slot = slots.get(config.id)
        if (slot && sameRun(slot.config, config)) {
          slot.config = config
          kept.set(config.id, slot)
          continue
        }
        // A changed server starts once the old one has ended: two at once could fight over
        // what the server holds (a port, a lock file, a database).
        const gone = slot ? stopping.retire(slot) : Promise.resolve()
        const fresh = new ServerSlot(config, slotDeps)
        kept.set(config.id, fresh)
        background(
          gone.then(() => inTurn(() => fresh.start())),
          config.id
        )
      }
      for (const [id, slot] of slots) if (!kept.has(id)) void stopping.retire(slot)
      slots = kept
      configs = next
      changes.emit()
    },
    status: () => configs.flatMap((c) => slots.get(c.id)?.status() ?? []),
    tools: () => toolList(configs.map((c) => slots.get(c.id)?.tools() ?? [])),
    callTool: async (server, tool, args, options) => slotOf(server).callTool(tool, args, options),
    features: (server) => slotOf(server).features(),
    async restart(id) {
      await slotOf(id).start()
    },
    onChange: (listener) => changes.on(listener),
    async dispose() {
      if (disposed) return
      disposed = true
      for (const slot of slots.values()) void stopping.retire(slot)
      slots = new Map()
      configs = []
      await stopping.settled(deps.disposeTimeoutMs ?? DISPOSE_TIMEOUT_MS)
      changes.clear()
    }
  }
}

/** What every server's slot is given: the hub's settings, with their defaults. */
function slotDepsOf(deps: McpHubDeps, onChange: () => void): SlotDeps {
  return {
    logDir: deps.logDir,
    clock: deps.clock ?? (() => new Date()),
    logger: deps.logger,
    connectTimeoutMs: deps.connectTimeoutMs ?? MCP_CONNECT_TIMEOUT_MS,
    callTimeoutMs: deps.callTimeoutMs ?? MCP_CALL_TIMEOUT_MS,
    maxRestarts: deps.maxRestarts ?? MAX_RESTARTS,
    restartDelayMs: deps.restartDelayMs ?? ((attempt: number) => 1000 * 2 ** (attempt - 1)),
    transportOptions: deps.transportOptions,
    elicit: deps.elicit,
    onChange
  }
}

/**
 * Servers start one after another: each once the one before it has connected or failed, or
 * has had `staggerMs`. Ten starting at once would take the CPU and main's event loop from the
 * window the user is about to type in; a server that hangs still delays the rest only a little.
 */
function startsInTurn(staggerMs: number) {
  let lastStart: Promise<void> = Promise.resolve()
  return (start: () => Promise<void>): Promise<void> => {
    const before = lastStart
    const mine = before.then(start)
    const settled = mine.then(
      () => undefined,
      () => undefined
    )
    const waited = before.then(
      () => new Promise<void>((resolve) => setTimeout(resolve, staggerMs).unref())
    )
    lastStart = Promise.race([settled, waited])
    return mine
  }
}

/** Slots being stopped: dispose waits for them too, a bounded time at most. */
function createStopping() {
  const stopping = new Set<Promise<void>>()
  return {
    retire(slot: ServerSlot): Promise<void> {
      const done = slot.dispose().finally(() => stopping.delete(done))
      stopping.add(done)
      return done
    },
    async settled(timeoutMs: number): Promise<void> {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.allSettled([...stopping]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs)
        })
      ])
      clearTimeout(timer)
    }
  }
}

/**
 * The tools of all servers as one list: the same array until a server's own list changes, so
 * what is built from it (a chat's tool definitions) can be built once.
 */
function keptToolList() {
  /** The last list answered, and each server's list it was made of. */
  let listed: { parts: ReadonlyArray<readonly McpToolInfo[]>; all: readonly McpToolInfo[] } = {
    parts: [],
    all: []
  }
  return (parts: ReadonlyArray<readonly McpToolInfo[]>): readonly McpToolInfo[] => {
    const same =
      parts.length === listed.parts.length && parts.every((p, i) => p === listed.parts[i])
    if (!same) listed = { parts, all: parts.flat() }
    return listed.all
  }
}

/** Whether a new config can keep the running server: only its name or nothing changed. */
function sameRun(running: McpServerConfig, next: McpServerConfig): boolean {
  return (
    running.enabled === next.enabled &&
    JSON.stringify(running.transport) === JSON.stringify(next.transport)
  )
}

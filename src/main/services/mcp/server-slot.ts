import type {
  McpServerConfig,
  McpServerState,
  McpServerStatus,
  McpToolInfo
} from '@shared/mcp/servers'
import type { Logger } from '../log/logger'
import {
  connectMcpServer,
  type McpCallOptions,
  type McpCallResult,
  type McpConnection,
  type McpElicit,
  type McpElicitResult,
  type McpServerFeatures
} from './connection'
import { McpSignInNeeded, isAbortError, notConnectedError } from './mcp-errors'
import type { TransportOptions } from './transports'
import { openStderrLog, type StderrLog } from './stderr-log'

/*
 * One configured server through its life: starting, connected, crashed and started again after a
 * pause that doubles (a bounded number of times, then "failed" with the reason), stopped. Every
 * start has a generation; whatever an older start or connection reports afterwards is ignored,
 * so a restart or a new config can never be overtaken by the one it replaced.
 */

export interface SlotDeps {
  logDir: string
  clock: () => Date
  logger: Logger
  connectTimeoutMs: number
  callTimeoutMs: number
  /** How many times a server that stopped on its own is started again before giving up. */
  maxRestarts: number
  /** The pause before restart `attempt` (1-based). */
  restartDelayMs: (attempt: number) => number
  /** OAuth and the like for this server's transport (none: a 401 means "needs sign-in"). */
  transportOptions?: (config: McpServerConfig) => TransportOptions
  /** Answers a server's elicitation (the server's id comes first). */
  elicit?: (server: string, ...request: Parameters<McpElicit>) => Promise<McpElicitResult>
  onChange: () => void
}

/** A server's tools while it is not connected (one list, so "no change" keeps its identity). */
const NO_TOOLS: readonly McpToolInfo[] = Object.freeze([])

/** A connection that stays up this long has recovered: its restart count starts over. */
const STABLE_MS = 60_000
const STDERR_TELL_MS = 200

export class ServerSlot {
  private state: McpServerState = 'disabled'
  private error: string | null = null
  private connection: McpConnection | null = null
  private generation = 0
  private crashes = 0
  private stop = new AbortController()
  private timer: NodeJS.Timeout | undefined
  /** The start under way (never rejects): stopping waits for it, so no process outlives a stop. */
  private starting: Promise<void> = Promise.resolve()
  private stderrTold: NodeJS.Timeout | undefined
  private disposed = false
  private readonly log: StderrLog | null

  constructor(
    public config: McpServerConfig,
    private readonly deps: SlotDeps
  ) {
    this.log =
      config.transport.type === 'stdio' ? openStderrLog(deps.logDir, config.id, deps.clock) : null
    // Reads as starting from the moment it is configured, before the start gets under way.
    if (config.enabled) this.state = 'starting'
  }

  status(): McpServerStatus {
    return {
      id: this.config.id,
      state: this.state,
      tools: this.connection && this.state === 'connected' ? this.connection.tools().length : 0,
      error: this.error,
      stderrTail: this.log?.tail() ?? [],
      logFile: this.log?.file ?? null
    }
  }

  /** The same list (the same array) until the server's tools change. */
  tools(): readonly McpToolInfo[] {
    return this.state === 'connected' && this.connection ? this.connection.tools() : NO_TOOLS
  }

  /** Starts (again) from scratch; resolves once this start has connected or failed. */
  async start(): Promise<void> {
    await this.halt()
    // Removed or replaced before its turn came (a start may wait for the server it replaces).
    if (this.disposed) return
    this.crashes = 0
    if (!this.config.enabled) {
      this.set('disabled', null)
      return
    }
    await this.begin()
  }

  /** Stops it for good (removed, disabled, quitting); the process is ended before this resolves. */
  async dispose(): Promise<void> {
    this.disposed = true
    await this.halt()
    clearTimeout(this.stderrTold)
    this.log?.close()
  }

  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: McpCallOptions
  ): Promise<McpCallResult> {
    const connection = this.state === 'connected' ? this.connection : null
    if (!connection) throw notConnectedError(this.config, this.config.id)
    try {
      return await connection.callTool(tool, args, {
        ...options,
        timeoutMs: this.deps.callTimeoutMs
      })
    } catch (error) {
      // Tokens that can no longer be refreshed: the row offers Sign in again.
      if (error instanceof McpSignInNeeded && this.connection === connection)
        this.set('needs-sign-in', error.message)
      throw error
    }
  }

  /** Its prompts and resources; throws (in plain words) when it is not connected. */
  features(): McpServerFeatures {
    const connection = this.state === 'connected' ? this.connection : null
    if (!connection) throw notConnectedError(this.config, this.config.id)
    return connection
  }

  private begin(): Promise<void> {
    this.starting = this.attempt()
    return this.starting
  }

  /** New stderr lines change the status too: told at most every so often, however chatty. */
  private heardStderr(chunk: Buffer): void {
    this.log?.write(chunk)
    this.stderrTold ??= setTimeout(() => {
      this.stderrTold = undefined
      this.deps.onChange()
    }, STDERR_TELL_MS).unref()
  }

  private async attempt(): Promise<void> {
    const generation = ++this.generation
    const stop = this.stop
    this.set('starting', this.error)
    this.log?.note(`starting ${describe(this.config)}`)
    try {
      const connection = await connectMcpServer({
        config: this.config,
        timeoutMs: this.deps.connectTimeoutMs,
        signal: stop.signal,
        onStderr: (chunk) => this.heardStderr(chunk),
        ...this.deps.transportOptions?.(this.config),
        ...(this.deps.elicit
          ? { elicit: (request, signal) => this.deps.elicit!(this.config.id, request, signal) }
          : {}),
        onClosed: () => {
          if (generation === this.generation) this.crashed(generation)
        },
        onToolsChanged: () => {
          if (generation === this.generation) this.deps.onChange()
        },
        onListsChanged: () => {
          if (generation === this.generation) this.deps.onChange()
        }
      })
      if (generation !== this.generation) {
        await connection.close()
        return
      }
      this.connection = connection
      this.set('connected', null)
      this.timer = setTimeout(() => {
        if (generation === this.generation) this.crashes = 0
      }, STABLE_MS).unref()
    } catch (error) {
      if (generation !== this.generation || isAbortError(error)) return
      const reason = error instanceof Error ? error.message : String(error)
      this.log?.note(`could not start: ${reason}`)
      if (error instanceof McpSignInNeeded) this.set('needs-sign-in', reason)
      // A first start that fails is the config's fault: retrying would only hide it.
      else if (this.crashes === 0) this.set('failed', reason)
      else this.retryOrGiveUp(generation, reason)
    }
  }

  private crashed(generation: number): void {
    const name = this.config.name
    this.log?.note('the server stopped on its own')
    this.deps.logger.warn('mcp server stopped', { server: this.config.id })
    this.connection = null
    this.retryOrGiveUp(generation, `${name} stopped unexpectedly.`)
  }

  private retryOrGiveUp(generation: number, reason: string): void {
    const { maxRestarts } = this.deps
    if (this.crashes >= maxRestarts) {
      this.set(
        'failed',
        `${reason} Cairn started it again ${maxRestarts} times and stopped trying; see its log, then restart it.`
      )
      return
    }
    this.crashes++
    this.set('starting', `${reason} Starting it again (try ${this.crashes} of ${maxRestarts}).`)
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      if (generation === this.generation) void this.begin()
    }, this.deps.restartDelayMs(this.crashes)).unref()
  }

  /** Ends whatever is running or pending: the start under way, the connection, a restart timer. */
  private async halt(): Promise<void> {
    this.generation++
    clearTimeout(this.timer)
    this.stop.abort()
    this.stop = new AbortController()
    await this.starting
    const connection = this.connection
    this.connection = null
    if (connection) {
      this.log?.note('stopping')
      await connection.close()
    }
  }

  private set(state: McpServerState, error: string | null): void {
    this.state = state
    this.error = error
    this.deps.onChange()
  }
}

/** The command line as it was run (for the log: the user sees exactly what started). */
function describe(config: McpServerConfig): string {
  const t = config.transport
  return t.type === 'stdio' ? JSON.stringify([t.command, ...t.args]) : t.url
}

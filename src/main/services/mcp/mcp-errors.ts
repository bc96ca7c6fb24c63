import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { McpServerConfig } from '@shared/mcp/servers'

/*
 * What went wrong with a server, in plain words that name it and say what to do next. The user
 * reads these in Settings and Claude reads a call's in its tool result: no stack, no error codes.
 */

/** A start that failed because the server wants a signed-in user (HTTP 401). */
export class McpSignInNeeded extends Error {
  override readonly name = 'McpSignInNeeded'
}

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (reason instanceof Error && reason.name === 'AbortError') return reason
  return new DOMException('The tool call was stopped.', 'AbortError')
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

export function plainConnectError(
  config: McpServerConfig,
  error: unknown,
  timeoutMs: number
): Error {
  if (isAbortError(error)) return error as Error
  const name = config.name
  if (needsSignIn(error))
    return new McpSignInNeeded(
      `${name} needs you to sign in before Cairn can use it: click Sign in (or, if it takes an API key, add the key to its headers).`
    )
  if (isTimeout(error))
    return new Error(
      `${name} did not answer within ${seconds(timeoutMs)}. Check that it is the right ${
        config.transport.type === 'stdio' ? 'command' : 'address'
      } and that it starts on its own, then restart it.`
    )
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (config.transport.type === 'stdio') {
    const command = config.transport.command
    if (code === 'ENOENT')
      return new Error(
        `Cairn could not find the program "${command}" to start ${name}. Check the command (a full path is safest) or install the program, then restart it.`
      )
    if (code === 'EACCES')
      return new Error(
        `Cairn is not allowed to run "${command}" for ${name}. Check that the file is a program you may run, then restart it.`
      )
    if (isClosed(error))
      return new Error(
        `${name} stopped while starting. Its last lines of output are below; fix what they say, then restart it.`
      )
  } else {
    if (code === 'ECONNREFUSED' || /fetch failed|ECONNREFUSED|ENOTFOUND/i.test(message(error)))
      return new Error(
        `Cairn could not reach ${name} at ${config.transport.url}. Check the address and that the server is running, then restart it.`
      )
    const status = httpStatus(error)
    if (status !== null)
      return new Error(
        `${name} refused the connection (HTTP ${status}). Check the address and headers, then restart it.`
      )
  }
  return new Error(`${name} could not be started: ${message(error)}. Restart it to try again.`)
}

export function plainCallError(
  config: McpServerConfig,
  tool: string,
  error: unknown,
  timeoutMs: number
): Error {
  const name = config.name
  if (isTimeout(error))
    return new Error(
      `${name} did not finish the tool "${tool}" within ${seconds(timeoutMs)} of its last sign of progress, so Cairn stopped waiting.`
    )
  if (isClosed(error))
    return new Error(
      `${name} stopped while running the tool "${tool}". Cairn is starting it again; try the call once it is back.`
    )
  if (needsSignIn(error))
    return new McpSignInNeeded(
      `${name} needs you to sign in again: click Sign in beside it in Settings → Tools.`
    )
  if (error instanceof McpError)
    return new Error(
      `${name} refused the tool "${tool}": ${error.message.replace(/^MCP error -?\d+: /, '')}`
    )
  return new Error(`${name} could not run the tool "${tool}": ${message(error)}`)
}

/** A prompt or resource request that failed; `what` names it ("the prompt \"review\""). */
export function plainRequestError(
  config: McpServerConfig,
  what: string,
  error: unknown,
  timeoutMs: number
): Error {
  const name = config.name
  if (isTimeout(error))
    return new Error(`${name} did not send ${what} within ${seconds(timeoutMs)}. Try again later.`)
  if (isClosed(error))
    return new Error(
      `${name} stopped while sending ${what}. Cairn is starting it again; try again once it is back.`
    )
  if (needsSignIn(error))
    return new McpSignInNeeded(`${name} needs you to sign in again (Settings → Tools).`)
  if (error instanceof McpError)
    return new Error(`${name} refused ${what}: ${error.message.replace(/^MCP error -?\d+: /, '')}`)
  return new Error(`${name} could not send ${what}: ${message(error)}`)
}

export function notConnectedError(config: McpServerConfig | undefined, server: string): Error {
  if (!config)
    return new Error(
      `There is no MCP server "${server}" in Settings → Tools; it may have been removed.`
    )
  if (!config.enabled)
    return new Error(
      `${config.name} is turned off in Settings → Tools. Turn it on to use its tools.`
    )
  return new Error(
    `${config.name} is not connected right now. Its status in Settings → Tools says why; restart it there.`
  )
}

function needsSignIn(error: unknown): boolean {
  return error instanceof UnauthorizedError || httpStatus(error) === 401
}

function httpStatus(error: unknown): number | null {
  if (error instanceof StreamableHTTPError || error instanceof SseError)
    return typeof error.code === 'number' && error.code >= 100 ? error.code : null
  return null
}

function isTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout
}

function isClosed(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.ConnectionClosed
}

function message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\.$/, '')
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000))
  return s === 1 ? '1 second' : `${s} seconds`
}

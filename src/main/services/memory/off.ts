import { CairnError } from '@shared/errors'
import type { ToolResult } from '@shared/memory/memory'
import type { MemoryService } from './service'

/**
 * Memory off for this session (the user chose it after the memory folder could not be opened):
 * every inspector call answers MEMORY_OFF with the reason, and Claude's memory commands (only in a
 * conversation that used memory before) answer an error. Nothing touches the memory folder.
 */
export function createMemoryOff(reason: string): MemoryService {
  const message = `Memory is off for this session: ${reason} Restart Cairn to try again.`
  const refuse = (): Promise<never> => Promise.reject(new CairnError('MEMORY_OFF', message))
  const toolResult: ToolResult = {
    content:
      'Error: Memory is off for this session (the memory folder could not be opened). ' +
      'Answer without memory.',
    isError: true
  }
  return {
    enabled: false,
    offReason: reason,
    execute: async () => toolResult,
    preview: async () => ({ ok: false, result: toolResult }),
    list: refuse,
    read: refuse,
    write: refuse,
    create: refuse,
    putExact: refuse,
    rename: refuse,
    delete: refuse,
    usage: refuse,
    activity: refuse,
    undone: async () => [],
    expiryPreview: refuse,
    sweep: refuse,
    listArchived: refuse,
    restoreArchived: refuse,
    restoreArchivedAll: refuse,
    capImpact: refuse,
    archive: refuse,
    history: refuse,
    versionText: refuse,
    revert: refuse,
    findInHistory: refuse,
    forget: refuse,
    forgetSecrets: refuse,
    scanSecrets: refuse,
    search: refuse,
    readForExport: refuse,
    historyPaths: refuse,
    importPreview: refuse,
    importFiles: refuse,
    applyChangeSet: refuse,
    updateLimits: () => undefined,
    updateExpiry: () => undefined,
    updateHistory: () => undefined,
    updateSecretGuard: () => undefined,
    onChange: () => () => undefined,
    dispose: async () => undefined
  }
}

/** Opening the memory folder failed at start-up; main asks the user what to do. */
export class MemoryStartError extends Error {
  override readonly name = 'MemoryStartError'
  constructor(
    /** For the person reading it; names no folder but the memory folder. */
    readonly reason: string,
    options?: { cause?: unknown }
  ) {
    super(reason, options)
  }
}

export function startFailureReason(error: unknown): string {
  if (error instanceof CairnError) return error.detail
  const text = (error instanceof Error ? error.message : String(error)).trim() || 'unknown error'
  return /[.!?]$/.test(text) ? text : `${text}.`
}

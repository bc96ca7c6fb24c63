import type { Diagnostics } from '@shared/app/diagnostics'
import type { Settings } from '@shared/app/settings'
import type { SecretStatus } from '@shared/contract'

export const DIAGNOSTIC_LOG_LINES = 200

export interface DiagnosticsDeps {
  app: { name: string; version: string; packaged: boolean }
  versions: Record<string, string | undefined>
  platform: { os: string; arch: string; release: string }
  paths: { userData: string; logs: string; memory: string }
  settings: () => Settings
  secretStatus: () => Promise<SecretStatus>
  readLog: (lines: number) => Promise<string[]>
  /** The logger's redaction (the API key and anything else registered with it). */
  scrub: (text: string) => string
}

export interface DiagnosticsService {
  collect(): Promise<Diagnostics>
}

// Anything shaped like an Anthropic key is masked even if it was never registered for redaction.
const KEY_PATTERN = /sk-ant-[A-Za-z0-9_-]{4,}/g

export function createDiagnostics(deps: DiagnosticsDeps): DiagnosticsService {
  const clean = (text: string): string => deps.scrub(text).replace(KEY_PATTERN, '[redacted]')
  return {
    async collect() {
      const status = await deps.secretStatus()
      const settings = summarizeSettings(deps.settings())
      const log = (await deps.readLog(DIAGNOSTIC_LOG_LINES)).map(clean)
      const versions = Object.fromEntries(
        Object.entries(deps.versions).filter((entry): entry is [string, string] => !!entry[1])
      )
      const body = {
        app: deps.app,
        versions,
        platform: deps.platform,
        paths: deps.paths,
        settings,
        apiKey: { configured: status.configured, source: status.source }
      }
      const text = clean(
        [
          `${deps.app.name} ${deps.app.version} diagnostics`,
          JSON.stringify(body, null, 2),
          `--- last ${log.length} log lines ---`,
          ...log
        ].join('\n')
      )
      return { ...body, log, text }
    }
  }
}

export function summarizeSettings(settings: Settings): Record<string, unknown> {
  const { memoryGuidance, expiry, trustedLinkHosts, ...rest } = settings
  return {
    ...rest,
    trustedLinkHosts: trustedLinkHosts.length,
    expiry: {
      mode: expiry.mode,
      days: expiry.days,
      action: expiry.action,
      pinned: expiry.pinned.length
    },
    memoryGuidanceChars: memoryGuidance.length
  }
}

/*
 * The one place where the launch environment and command line may change where the API key goes
 * or what the window loads. A packaged build honours none of it: it always loads app://cairn,
 * always talks to api.anthropic.com, always uses the default keychain entry, and refuses to start
 * with a debugging switch. An unpackaged (development or test) build honours:
 *   ELECTRON_RENDERER_URL     the electron-vite dev server: http://localhost or http://127.0.0.1 only
 *   CAIRN_ANTHROPIC_BASE_URL  the API server: http://localhost or http://127.0.0.1 only (fake API)
 *   CAIRN_KEYCHAIN_SERVICE    another keychain entry, so test runs never touch the real key
 *   CAIRN_CLAUDE_DESKTOP_CONFIG  the Claude Desktop config Import reads, so tests never read the real one
 * ANTHROPIC_BASE_URL is read by no build (the SDK is always given a base URL explicitly).
 */

export interface DevOverrides {
  /** The dev server page to load instead of app://cairn. */
  rendererUrl?: string
  anthropic?: { baseURL: string }
  keychainService?: string
  claudeDesktopConfig?: string
}

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/

/** Only a plain http URL on this machine (no user info, no other host spelled to look like it). */
function loopbackUrl(raw: string | undefined, bareOrigin: boolean): string | undefined {
  const text = raw?.trim()
  if (!text) return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (url.username || url.password || !LOOPBACK_ORIGIN.test(url.origin)) return undefined
  // The raw text must start with that origin (no tricks the URL parser would normalise away).
  if (!text.toLowerCase().startsWith(url.origin)) return undefined
  if (bareOrigin && !/^\/?$/.test(text.slice(url.origin.length))) return undefined
  return text
}

export function devOverrides(packaged: boolean, env: NodeJS.ProcessEnv): DevOverrides {
  if (packaged) return {}
  const rendererUrl = loopbackUrl(env.ELECTRON_RENDERER_URL, false)
  const baseURL = loopbackUrl(env.CAIRN_ANTHROPIC_BASE_URL, true)
  const keychainService = env.CAIRN_KEYCHAIN_SERVICE?.trim()
  const claudeDesktopConfig = env.CAIRN_CLAUDE_DESKTOP_CONFIG?.trim()
  return {
    ...(rendererUrl ? { rendererUrl } : {}),
    ...(baseURL ? { anthropic: { baseURL } } : {}),
    ...(keychainService ? { keychainService } : {}),
    ...(claudeDesktopConfig ? { claudeDesktopConfig } : {})
  }
}

/** Chromium's and Node's debugging switches: each opens the app (and the key) to another process. */
const DEBUG_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'inspect-publish-uid',
  'debug',
  'debug-brk'
] as const

/** The debugging switches on this command line (`--x`, `--x=y`, `-x`), by name. */
export function debugSwitches(
  argv: readonly string[],
  hasSwitch: (name: string) => boolean = () => false
): string[] {
  const found = new Set<string>()
  for (const arg of argv) {
    const name = /^--?([A-Za-z0-9-]+)(=|$)/.exec(arg)?.[1]?.toLowerCase()
    if (name && (DEBUG_SWITCHES as readonly string[]).includes(name)) found.add(name)
  }
  for (const name of DEBUG_SWITCHES) if (hasSwitch(name)) found.add(name)
  return [...found]
}

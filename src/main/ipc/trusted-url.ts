import { APP_ENTRY_URL, APP_HOST, APP_SCHEME } from '../platform/app-scheme'

/**
 * Where the renderer page is loaded from: the built files over app://cairn/ (`root` is the folder
 * served), or the dev server / test server origin.
 */
export type RendererLocation = { kind: 'app'; root: string } | { kind: 'url'; url: string }

/** The URL the window loads for a location. */
export function rendererEntryUrl(location: RendererLocation): string {
  return location.kind === 'app' ? APP_ENTRY_URL : location.url
}

/** Only our own page may call main: any page of app://cairn, or of the dev/test server's origin. */
export function trustedUrlCheck(location: RendererLocation): (url: string) => boolean {
  if (location.kind === 'app') {
    // Non-special schemes have an opaque origin in WHATWG URL terms, so compare the parts.
    return (url) => {
      const actual = safeUrl(url)
      return (
        actual !== null &&
        actual.protocol === `${APP_SCHEME}:` &&
        actual.host === APP_HOST &&
        actual.username === '' &&
        actual.password === ''
      )
    }
  }
  const origin = new URL(location.url).origin
  // An opaque origin ('null': data:, about:blank, file:) would match every other opaque origin.
  if (origin === 'null') throw new Error(`the renderer URL needs a real origin: ${location.url}`)
  return (url) => safeUrl(url)?.origin === origin
}

function safeUrl(url: unknown): URL | null {
  if (typeof url !== 'string') return null
  try {
    return new URL(url)
  } catch {
    return null
  }
}

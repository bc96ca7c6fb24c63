import { z } from 'zod'

// Links in Claude's answers leave the app only through main (`app:open-external`), only as https,
// and only after the user saw the full address (or trusted its site before).

export const EXTERNAL_URL_MAX_CHARS = 4_096
export const TRUSTED_HOSTS_MAX = 200

/**
 * Pages Cairn itself links to (never Claude's answers). Main opens exactly these addresses without
 * asking, the way it opens a trusted site: the user clicked a link the app wrote.
 * The Claude Console (formerly the Anthropic Console) lists API keys under Settings → API keys.
 */
export const APP_LINKS = {
  apiKeys: 'https://platform.claude.com/settings/keys'
} as const

/** Whether `url` is one of APP_LINKS, exactly (after normalising, so no look-alike passes). */
export function isAppLink(url: string): boolean {
  const parsed = parseExternalUrl(url)
  return parsed.ok && Object.values(APP_LINKS).some((link) => link === parsed.url)
}

export type ExternalUrl = { ok: true; url: string; host: string } | { ok: false; reason: string }

/** The normalised https URL and its host (ASCII, punycode for IDN), or why it is not opened. */
export function parseExternalUrl(raw: string): ExternalUrl {
  if (raw.length > EXTERNAL_URL_MAX_CHARS) {
    return {
      ok: false,
      reason: `the link is longer than ${EXTERNAL_URL_MAX_CHARS.toLocaleString('en-US')} characters`
    }
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'it is not a complete web address' }
  }
  if (url.protocol !== 'https:') {
    return { ok: false, reason: 'Cairn opens only secure web links (https://) in your browser' }
  }
  // `https://bank.example@evil.example` reads as bank.example but goes to evil.example.
  if (url.username || url.password) {
    return { ok: false, reason: 'the link carries a user name or password before its site' }
  }
  if (!url.hostname) return { ok: false, reason: 'it names no site' }
  return { ok: true, url: url.href, host: url.hostname }
}

/** A site as stored in settings: a lowercase ASCII host name (punycode) or a bracketed IPv6. */
export const TrustedHostSchema = z
  .string()
  .max(253, { error: 'a site name can be at most 253 characters' })
  .regex(/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/, {
    error: 'a trusted site must be a host name such as example.com'
  })

export const OpenExternalInputSchema = z.strictObject({
  url: z
    .string()
    .max(EXTERNAL_URL_MAX_CHARS, {
      error: `the link is longer than ${EXTERNAL_URL_MAX_CHARS.toLocaleString('en-US')} characters`
    })
    .refine((url) => parseExternalUrl(url).ok, {
      error: 'Cairn opens only https links with no user name or password'
    }),
  /** The user saw the address and chose Open; without it only trusted sites open. */
  confirmed: z.boolean().optional(),
  /** "Don't ask again for this site": remember the host (with `confirmed`). */
  trustHost: z.boolean().optional()
})
export type OpenExternalInput = z.infer<typeof OpenExternalInputSchema>

export const OpenExternalResultSchema = z.object({
  /** False: the site is not trusted and the call was not confirmed; ask the user first. */
  opened: z.boolean(),
  host: z.string()
})
export type OpenExternalResult = z.infer<typeof OpenExternalResultSchema>

/**
 * The host as a person reads it: punycode labels (`xn--…`) decoded to their Unicode letters.
 * Shown beside the ASCII host when they differ, so look-alike letters are visible.
 */
export function unicodeHost(host: string): string {
  return host
    .split('.')
    .map((label) => {
      if (!label.startsWith('xn--')) return label
      return decodePunycode(label.slice(4)) ?? label
    })
    .join('.')
}

// RFC 3492 decoding; null for anything malformed (then the ASCII label is shown as it is).
function decodePunycode(input: string): string | null {
  const base = 36
  const tMin = 1
  const tMax = 26
  const skew = 38
  const damp = 700
  const adapt = (delta: number, points: number, first: boolean): number => {
    let d = first ? Math.floor(delta / damp) : delta >> 1
    d += Math.floor(d / points)
    let k = 0
    while (d > ((base - tMin) * tMax) >> 1) {
      d = Math.floor(d / (base - tMin))
      k += base
    }
    return k + Math.floor(((base - tMin + 1) * d) / (d + skew))
  }
  const digit = (code: number): number =>
    code >= 48 && code <= 57
      ? code - 22
      : code >= 65 && code <= 90
        ? code - 65
        : code >= 97 && code <= 122
          ? code - 97
          : base
  const split = input.lastIndexOf('-')
  const output = split > 0 ? Array.from(input.slice(0, split), (c) => c.codePointAt(0) ?? 0) : []
  let n = 128
  let bias = 72
  let i = 0
  for (let at = split > 0 ? split + 1 : 0; at < input.length;) {
    const oldI = i
    let w = 1
    for (let k = base; ; k += base) {
      if (at >= input.length) return null
      const d = digit(input.charCodeAt(at++))
      if (d >= base) return null
      i += d * w
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
      if (d < t) break
      w *= base - t
      if (w > 0x10ffff * base) return null
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0)
    n += Math.floor(i / (output.length + 1))
    i %= output.length + 1
    if (n > 0x10ffff) return null
    output.splice(i++, 0, n)
  }
  return String.fromCodePoint(...output)
}

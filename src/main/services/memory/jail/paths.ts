import { MEMORY_ROOT } from '@shared/memory/memory'
import { escapeName } from '@shared/memory/names'

/** A checked virtual path: `segments` are plain names, safe to join under the real root. */
export interface MemoryPath {
  segments: readonly string[]
  /** Canonical `/memories/...` spelling, the only form results ever show. */
  display: string
  /** `a/b.md`, the key used by the index ('' for the root). */
  rel: string
  isRoot: boolean
}

export type PathCheck =
  | { ok: true; path: MemoryPath }
  /** `reason` is the part after "is not allowed: ", e.g. "it contains NUL or control characters". */
  | { ok: false; message: string; reason: string }

const MAX_PATH_CHARS = 1024
const MAX_NAME_BYTES = 255
const MAX_DEPTH = 32

/** Temp files the engine writes; reserved so nothing else can take (or fake) those names. */
export const TEMP_NAME = /^\.cairn-[0-9a-f-]{36}\.tmp$/

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// Invisible, direction-changing and line-breaking characters make a name read differently than
// it is. Unicode properties, not a hand list: tag characters, variation selectors, Hangul fillers,
// U+061C, U+180E, U+034F... are all Default_Ignorable or format (Cf) characters. U+2800 (braille
// blank) renders as nothing but has no such property; U+FFF9-FFFD are annotations and replacement.
const INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cf}\p{Zl}\p{Zp}\u2800\ufff9-\ufffd]/u
// What bytes of overlong UTF-8 (C0 AE = '.') look like after a Latin-1 decode.
const OVERLONG =
  /[\u00c0\u00c1][\u0080-\u00bf]|\u00e0[\u0080-\u009f][\u0080-\u00bf]|\u00f0[\u0080-\u008f]/
const PERCENT = /%(?:[0-9a-f]{2}|u[0-9a-f]{4})/i
// Slash and dot look-alikes that NFKC leaves alone.
const LOOKALIKE = /[\u2044\u2215\u2216\u29f5\u29f8\u29f9\u3002\uff61\u0387\u2024-\u2026]/
const STRUCTURAL = /[./\\:%]/
// Printable ASCII is its own NFKC form and holds no look-alike: the checks that normalize skip it
// (a scan of 100,000 names spent a quarter of its time in normalize and the look-alike search).
const PLAIN_ASCII = /^[\x20-\x7e]*$/
const WINDOWS_FORBIDDEN = /[<>"|?*]/
const DEVICE = /^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9]|CONIN\$|CONOUT\$|CLOCK\$)$/
/** ASCII letters, digits and "_", with "." and "-" inside only (≤ 255 bytes): see nameRefusal. */
const PLAIN_NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,253}[A-Za-z0-9_])?$/

/** Shows an untrusted path in a message: escaped (invisible and direction marks too), bounded. */
export function shown(raw: string): string {
  return escapeName(raw, 200)
}

function refuse(raw: string, reason: string): PathCheck {
  return { ok: false, reason, message: `Error: The path ${shown(raw)} is not allowed: ${reason}.` }
}

export function parseMemoryPath(raw: string): PathCheck {
  if (raw.length > MAX_PATH_CHARS)
    return refuse(raw, `it is longer than ${MAX_PATH_CHARS} characters`)
  if (LONE_SURROGATE.test(raw)) return refuse(raw, 'it contains invalid Unicode (a lone surrogate)')
  if (CONTROL.test(raw)) return refuse(raw, 'it contains NUL or control characters')
  if (INVISIBLE.test(raw) || OVERLONG.test(raw)) {
    return refuse(
      raw,
      'it contains invisible, direction-changing, line-separator, replacement or mis-decoded (overlong UTF-8) characters'
    )
  }
  if (raw.includes('\\')) return refuse(raw, 'backslashes are not allowed; separate folders with /')
  if (PERCENT.test(raw)) {
    return refuse(
      raw,
      'percent-encoded characters (like %2e or %2f) are not allowed; write names in plain text'
    )
  }
  if (!PLAIN_ASCII.test(raw) && (LOOKALIKE.test(raw) || [...raw].some(isStructuralLookalike))) {
    return refuse(
      raw,
      'it contains look-alikes of "." or "/" (e.g. full-width characters); use plain ASCII . and /'
    )
  }
  if (raw !== MEMORY_ROOT && !raw.startsWith(`${MEMORY_ROOT}/`)) {
    return {
      ok: false,
      reason: 'it is outside the memory directory',
      message: `Error: The path ${shown(raw)} is outside the memory directory: every path must be ${MEMORY_ROOT} or start with ${MEMORY_ROOT}/.`
    }
  }
  const segments = raw
    .slice(MEMORY_ROOT.length)
    .split('/')
    .filter((s) => s !== '')
  if (segments.length > MAX_DEPTH)
    return refuse(raw, `it is nested deeper than ${MAX_DEPTH} folders`)
  for (const name of segments) {
    const problem = nameProblem(name)
    if (problem) return refuse(raw, problem)
  }
  const rel = segments.join('/')
  return {
    ok: true,
    path: { segments, rel, display: rel ? `${MEMORY_ROOT}/${rel}` : MEMORY_ROOT, isRoot: !rel }
  }
}

/**
 * Why a name found on disk (made outside the app) cannot be used through the memory tool, or
 * undefined when it can. The reason reads after "it", e.g. "contains NUL or control characters".
 */
export function nameRefusal(name: string): string | undefined {
  // Most names are plain: letters, digits, "_", and "." or "-" inside. Such a name passes every
  // check below but the device one (a scan checks 100,000 of them).
  if (PLAIN_NAME.test(name) && !isPlainDevice(name)) return undefined
  if (name.includes('/')) return 'contains "/"'
  const parsed = parseMemoryPath(`${MEMORY_ROOT}/${name}`)
  if (parsed.ok) return parsed.path.segments.length === 1 ? undefined : 'is not a plain name'
  return parsed.reason.replace(/^it /, '')
}

/**
 * Whether `parseMemoryPath` refuses `rel` (an index-style key ending in `name`, `depth` names
 * deep) when its folder passed already. Each check but the whole path's length and depth looks
 * within one name (no pattern spans a "/"), so only the name and those two need a second look:
 * a scan of 100,000 files does not re-read its folders' names for each of their files.
 */
export function refusedInPassedFolder(rel: string, name: string, depth: number): boolean {
  return displayLength(rel) > MAX_PATH_CHARS || depth > MAX_DEPTH || nameRefusal(name) !== undefined
}

function isStructuralLookalike(char: string): boolean {
  return char.charCodeAt(0) > 0x7f && STRUCTURAL.test(char.normalize('NFKC'))
}

/**
 * `isDevice` for a plain name: with no space or "$" in it, only a stem (the part before the first
 * ".") of 3 or 4 characters can be a device (CON, COM1...). Most stems are not: no upper-casing.
 */
function isPlainDevice(name: string): boolean {
  const dot = name.indexOf('.')
  const stem = dot < 0 ? name.length : dot
  return (stem === 3 || stem === 4) && isDevice(name)
}

function isDevice(name: string): boolean {
  return DEVICE.test((name.split('.')[0] ?? '').trimEnd().toUpperCase())
}

function nameProblem(name: string): string | undefined {
  if (name === '.' || name === '..') return '"." and ".." segments are not allowed'
  const nfkc = PLAIN_ASCII.test(name) ? name : name.normalize('NFKC')
  // Windows drops a trailing dot or space, so `a.` and `a ` would alias `a`; other spaces look alike.
  if (/[\s.]$/u.test(name) || /[\s.]$/u.test(nfkc)) {
    return 'a name cannot end with a dot or a space'
  }
  if (name.includes(':')) return '":" is not allowed (drive letters and alternate streams)'
  if (WINDOWS_FORBIDDEN.test(name)) return 'names cannot contain < > " | ? or *'
  if (isDevice(nfkc)) return `"${name}" is a reserved device name on Windows`
  if (Buffer.byteLength(name) > MAX_NAME_BYTES)
    return `a name is longer than ${MAX_NAME_BYTES} bytes`
  if (TEMP_NAME.test(name)) return "the name is reserved for the app's temporary files"
  return undefined
}

/** The path of an index key that passed `parseMemoryPath` already (a scan checks each name once). */
export function checkedPath(rel: string): MemoryPath {
  return { segments: rel.split('/'), rel, display: displayOf(rel), isRoot: rel === '' }
}

/** Builds the virtual path for an index key. */
export function displayOf(rel: string): string {
  return rel ? `${MEMORY_ROOT}/${rel}` : MEMORY_ROOT
}

/** `displayOf(rel).length`, without building the string. */
function displayLength(rel: string): number {
  return rel ? MEMORY_ROOT.length + 1 + rel.length : MEMORY_ROOT.length
}

/** True when `rel` is `folder` itself or inside it. */
export function isWithin(rel: string, folder: string): boolean {
  return folder === '' || rel === folder || rel.startsWith(`${folder}/`)
}

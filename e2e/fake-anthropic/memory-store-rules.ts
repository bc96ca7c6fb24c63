// The Memory Store's rules for paths and contents, and its cursor pages, as the fake applies them.

export const MAX_CONTENT_BYTES = 102_400
const MAX_PATH_BYTES = 1024
const MAX_SEGMENTS = 20
const DEFAULT_LIMIT = 20

export function pathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'path must start with "/"'
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return 'path must be at most 1024 bytes'
  if (path.normalize('NFC') !== path) return 'path must be in Unicode Normalization Form C'
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(path))
    return 'path must not contain control or format characters'
  const segments = path.slice(1).split('/')
  if (segments.length < 1 || segments.length > MAX_SEGMENTS)
    return 'path must have 1 to 20 segments'
  for (const segment of segments) {
    if (segment === '') return 'path segments must not be empty'
    if (segment === '.' || segment === '..') return 'path segments must not be "." or ".."'
  }
  return null
}

export function contentProblem(content: unknown): string | null {
  if (typeof content !== 'string') return 'content must be a string'
  if (Buffer.byteLength(content) > MAX_CONTENT_BYTES) return 'content must be at most 102400 bytes'
  return null
}

export function page<T>(
  items: T[],
  keyOf: (item: T) => string,
  query: Record<string, string>,
  max: number
) {
  const limit = Math.max(1, Math.min(max, Number(query.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT))
  let start = 0
  if (query.page) {
    const after = Buffer.from(query.page, 'base64url').toString('utf8')
    start = items.findIndex((item) => keyOf(item) > after)
    if (start < 0) start = items.length
  }
  const data = items.slice(start, start + limit)
  const more = start + limit < items.length
  const last = data[data.length - 1]
  return {
    data,
    next_page: more && last ? Buffer.from(keyOf(last), 'utf8').toString('base64url') : null
  }
}

import { prng } from '../../__tests__/prng'
import { luhnValid } from '../own-rules'

// Generated look-alikes of real credentials (random, never real ones) and of things that only
// resemble them. Deterministic: the same seed gives the same corpus.

export interface SecretSample {
  kind: string
  /** The whole line as it would sit in a note. */
  text: string
  /** The secret itself, as it appears in `text`. */
  secret: string
}

type Rand = () => number

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const DIGITS = '0123456789'
const ALNUM = UPPER + LOWER + DIGITS
const B64URL = ALNUM + '-_'
const B64 = ALNUM + '+/'
const HEX = '0123456789abcdef'

function chars(rand: Rand, alphabet: string, n: number): string {
  let out = ''
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(rand() * alphabet.length)]
  return out
}

function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T
}

function int(rand: Rand, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1))
}

/** Card digits with a valid issuer prefix and Luhn check digit. */
export function cardNumber(rand: Rand, prefix: string, length: number): string {
  const body = prefix + chars(rand, DIGITS, length - prefix.length - 1)
  for (let d = 0; d < 10; d++) if (luhnValid(body + d)) return body + d
  throw new Error('unreachable')
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

const SECRET_MAKERS: Record<string, (rand: Rand) => string> = {
  'Anthropic API key': (r) => `sk-ant-api03-${chars(r, B64URL, 93)}AA`,
  'OpenAI API key': (r) =>
    r() < 0.5
      ? `sk-proj-${chars(r, B64URL, 74)}T3BlbkFJ${chars(r, B64URL, 74)}`
      : `sk-${chars(r, ALNUM, 20)}T3BlbkFJ${chars(r, ALNUM, 20)}`,
  'AWS access key': (r) => `${pick(r, ['AKIA', 'ASIA'])}${chars(r, UPPER + '234567', 16)}`,
  'GitHub token': (r) =>
    r() < 0.6 ? `ghp_${chars(r, ALNUM, 36)}` : `github_pat_${chars(r, ALNUM + '_', 82)}`,
  'Slack token': (r) =>
    `${pick(r, ['xoxb', 'xoxp'])}-${chars(r, DIGITS, 12)}-${chars(r, DIGITS, 13)}-${chars(r, ALNUM, 24)}`,
  'Stripe secret key': (r) =>
    `${pick(r, ['sk_live_', 'rk_live_', 'sk_test_'])}${chars(r, ALNUM, int(r, 24, 99))}`,
  'Google API key': (r) => `AIza${chars(r, B64URL, 35)}`,
  'private key': (r) => {
    const kind = pick(r, ['RSA ', 'EC ', 'OPENSSH ', ''])
    // Real key bodies start with their ASN.1 sequence ("MI…") or OpenSSH's magic; the preset checks.
    const magic = kind === 'OPENSSH ' ? 'b3BlbnNzaC1rZXktdjEAAAAA' : 'MII'
    const raw = magic + chars(r, B64, int(r, 12, 25) * 64 - magic.length)
    const body = raw.replace(/(.{64})/g, '$1\n').trimEnd()
    return `-----BEGIN ${kind}PRIVATE KEY-----\n${body}\n-----END ${kind}PRIVATE KEY-----`
  },
  'JSON Web Token': (r) =>
    `${b64url({ alg: pick(r, ['HS256', 'RS256', 'ES256']), typ: 'JWT' })}.${b64url({
      sub: chars(r, DIGITS, 8),
      name: pick(r, ['Ada', 'Lin', 'Sam']),
      iat: 1_700_000_000 + int(r, 0, 9_999_999)
    })}.${chars(r, B64URL, pick(r, [43, 86, 342]))}`,
  'password in a URL': (r) => chars(r, ALNUM + '!*-_~', int(r, 10, 24)),
  'credit card number': (r) => {
    const [prefix, length] = pick(r, [
      ['4', 16],
      ['51', 16],
      ['55', 16],
      ['2221', 16],
      ['37', 15],
      ['6011', 16]
    ] as const)
    const digits = cardNumber(r, prefix, length)
    const form = int(r, 0, 2)
    if (form === 0 || length !== 16) return digits
    return digits.replace(/(\d{4})(?=\d)/g, `$1${form === 1 ? ' ' : '-'}`)
  }
}

export const SECRET_KINDS = Object.keys(SECRET_MAKERS)

/** Notes a secret would realistically sit in. */
function secretLine(rand: Rand, kind: string, secret: string): string {
  if (kind === 'password in a URL') {
    const user = pick(rand, ['app', 'deploy', 'admin', 'svc_backup', ''])
    return pick(rand, [
      `DATABASE_URL=postgres://${user || 'app'}:${secret}@db.internal:5432/main`,
      `The cache is at redis://${user}:${secret}@cache.local:6379/0`,
      `Clone with https://${user || 'bot'}:${secret}@git.example.org/team/repo.git`,
      `- broker: amqp://${user || 'guest2'}:${secret}@mq.prod.lan:5672/vhost`
    ])
  }
  if (kind === 'private key') return `Server key (do not share):\n${secret}\n`
  if (kind === 'AWS access key' && rand() < 0.3)
    return `aws_access_key_id = ${secret}\naws_secret_access_key = ${chars(rand, B64, 40)}`
  return pick(rand, [
    `The user's ${kind} is ${secret} (rotate monthly).`,
    `- ${kind}: \`${secret}\``,
    `export TOKEN="${secret}"`,
    `Remember: ${secret}`,
    `| prod | ${secret} | owner: Dana |`,
    `Card on file: ${secret}, exp 04/29`
  ])
}

/** At least `perKind` samples of every kind, in a fixed order. */
export function secretSamples(seed: number, perKind: number): SecretSample[] {
  const rand = prng(seed)
  return SECRET_KINDS.flatMap((kind) =>
    Array.from({ length: perKind }, () => {
      const secret = (SECRET_MAKERS[kind] as (r: Rand) => string)(rand)
      return { kind, secret, text: secretLine(rand, kind, secret) }
    })
  )
}

/** Things that look like credentials and are not: ids, hashes, images, non-cards, placeholders. */
const LOOK_ALIKES: Array<(r: Rand) => string> = [
  (r) =>
    `Ticket ${chars(r, HEX, 8)}-${chars(r, HEX, 4)}-4${chars(r, HEX, 3)}-${pick(r, ['8', '9', 'a', 'b'])}${chars(r, HEX, 3)}-${chars(r, HEX, 12)} is closed.`,
  (r) => `Fixed in commit ${chars(r, HEX, 40)} (see also ${chars(r, HEX, 7)}).`,
  (r) => `![diagram](data:image/png;base64,iVBORw0KGgo${chars(r, B64, int(r, 400, 2000))}==)`,
  (r) => {
    // 16 digits with a card's prefix that fail the Luhn check.
    const valid = cardNumber(r, pick(r, ['4', '51', '6011']), 16)
    const last = (Number(valid.slice(-1)) + int(r, 1, 9)) % 10
    return `Order number ${valid.slice(0, -1)}${last} shipped.`
  },
  (r) => `Tracking: ${pick(r, ['1', '7', '8', '9'])}${chars(r, DIGITS, 15)}`,
  (r) => `sha256: ${chars(r, HEX, 64)}`,
  (r) => `"integrity": "sha512-${chars(r, B64, 86)}=="`,
  (r) =>
    `Call +1 ${chars(r, DIGITS, 3)}-${chars(r, DIGITS, 3)}-${chars(r, DIGITS, 4)} after ${int(r, 1, 12)}pm.`,
  (r) => `Logged at ${1_600_000_000_000 + int(r, 0, 99_999_999_999)} ms.`,
  (r) => `ISBN ${pick(r, ['978', '979'])}${chars(r, DIGITS, 10)}`,
  (r) => `Publishable key pk_live_${chars(r, ALNUM, 24)} goes in the page.`,
  (r) =>
    `Connect with postgres://${pick(r, ['user', 'app'])}:${pick(r, ['password', '${DB_PASSWORD}', '<password>', '****'])}@localhost:5432/dev`,
  (r) =>
    `Docs: https://example.com/${chars(r, LOWER, 8)}?page=${int(r, 1, 99)}#${chars(r, LOWER, 5)}`,
  (r) => `Use the token from env: export GITHUB_TOKEN=$${pick(r, ['GH_TOKEN', 'CI_TOKEN'])}`,
  () => `The AWS docs' example key is AKIAIOSFODNN7EXAMPLE; never a real one.`,
  (r) =>
    `Build ${int(r, 1, 9)}.${int(r, 0, 30)}.${int(r, 0, 99)} on ${int(r, 10, 250)}.${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 1, 254)}`,
  (r) => `Random id ${chars(r, ALNUM, int(r, 20, 40))}`,
  (r) =>
    `eyJ${chars(r, B64URL, 30)}.eyJ${chars(r, B64URL, 40)}.${chars(r, B64URL, 43)} is not a token`,
  () => `Set SLACK_BOT_TOKEN to xoxb-your-token-here in .env`,
  (r) => `IBAN DE${chars(r, DIGITS, 20)}`,
  (r) =>
    `Docs shorten keys like sk-ant-api03-${chars(r, B64URL, 6)}… and ghp_${chars(r, ALNUM, 4)}…`,
  (r) => `Luhn-valid but no card: ${cardNumber(r, pick(r, ['9', '1', '7']), 16)}`
]

export function lookAlikes(seed: number, count: number): string[] {
  const rand = prng(seed)
  return Array.from({ length: count }, (_, i) =>
    (LOOK_ALIKES[i % LOOK_ALIKES.length] as (r: Rand) => string)(rand)
  )
}

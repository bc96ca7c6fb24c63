import { KEY_RULES } from './key-rules'
import { patternRule, type Accept } from './pattern-rule'

// Rules for kinds the recommended preset had none for (checked against preset 12): Stripe secret
// keys (preset 13 has a Stripe rule of its own; this one stays for webhook signing secrets and
// longer keys), Google API keys, JSON Web Tokens, card numbers, and passwords in any URL (the
// preset's basic-auth rule knows only http/ftp with plain-word passwords, its database rule three
// schemes).
// Each reports only the span of the secret itself, so redaction keeps the text around it.

const whole: Accept = (match) => [match.index ?? 0, (match.index ?? 0) + match[0].length]

export const stripeRule = patternRule(
  'cairn/stripe',
  // Secret and restricted keys, live or test, and webhook signing secrets; publishable (pk_) keys are public.
  /(?<![\w-])(?:(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,247}|whsec_[0-9A-Za-z]{32,64})(?![\w-])/g,
  whole
)

export const googleApiKeyRule = patternRule(
  'cairn/google-api-key',
  /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/g,
  whole
)

function base64UrlJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

export const jwtRule = patternRule(
  'cairn/jwt',
  /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}(?![\w-])/g,
  (match) => {
    // A signed token's header is JSON naming its algorithm; random "eyJ…" text is not.
    const header = base64UrlJson(match[0].split('.')[0] ?? '')
    const alg = (header as { alg?: unknown } | null)?.alg
    return typeof alg === 'string' && alg !== 'none' ? whole(match) : null
  }
)

// user:password@host in any scheme (postgres, redis, amqp, smtp, git+https, …).
const URL_PASSWORD =
  /\b[a-zA-Z][a-zA-Z0-9+.-]{1,30}:\/\/(?<user>[^\s:/?#@'"`<>]{0,100}):(?<password>[^\s/?#@'"`<>]{1,200})@[^\s/?#@'"`<>]{1,253}/g

// What documentation writes where a password goes; never a real one.
const PLACEHOLDERS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'changeme',
  'example',
  'xxx',
  'xxxx',
  'token',
  'mypassword',
  'yourpassword',
  'your_password',
  'your-password'
])

function isPlaceholder(password: string): boolean {
  const plain = decodeURIComponentSafe(password).toLowerCase()
  return (
    plain.length < 3 ||
    PLACEHOLDERS.has(plain) ||
    /^(.)\1+$/.test(plain) || // ****, xxxxxx
    /[${}<>[\]]|%s|\.\.\./.test(plain) // ${PASSWORD}, <password>, {{pass}}, [password], %s
  )
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export const passwordInUrlRule = patternRule('cairn/password-in-url', URL_PASSWORD, (match) => {
  const password = match.groups?.password ?? ''
  if (isPlaceholder(password)) return null
  // The span of the password only: the scheme, user and host stay readable after redaction.
  const start = (match.index ?? 0) + match[0].indexOf(':', match[0].indexOf('://') + 3) + 1
  return [start, start + password.length]
})

/** Card numbers: 13 to 19 digits, whole or in groups of 4 (Amex 4-6-5), by space or dash. */
const CARD =
  /(?<![\w.,/-])(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}|\d{4}([ -])\d{6}\2\d{5}|\d{13,19})(?![\w-]|[.,/]\d)/g

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Issuer prefixes and lengths of the major networks (a Luhn-valid phone number is not a card). */
function knownIssuer(digits: string): boolean {
  const n = digits.length
  const p2 = Number(digits.slice(0, 2))
  const p3 = Number(digits.slice(0, 3))
  const p4 = Number(digits.slice(0, 4))
  if (digits[0] === '4') return n === 13 || n === 16 || n === 19 // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16 // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15 // American Express
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649) || p2 === 62) return n >= 16 // Discover, UnionPay
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 // JCB
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) return n >= 14 // Diners
  return false
}

export const creditCardRule = patternRule('cairn/credit-card', CARD, (match) => {
  const digits = match[0].replace(/[ -]/g, '')
  if (digits.length < 13 || digits.length > 19) return null
  return knownIssuer(digits) && luhnValid(digits) ? whole(match) : null
})

export const OWN_RULES = [
  stripeRule,
  googleApiKeyRule,
  jwtRule,
  passwordInUrlRule,
  creditCardRule,
  ...KEY_RULES
]

import {
  createHash,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject
} from 'node:crypto'

// Real private keys from node:crypto (every key type it offers × every private encoding it
// accepts for that type, plain and encrypted), the armours it cannot write (OpenSSH, PGP, PuTTY)
// around random bodies, and as many look-alikes: public keys, certificates, ssh public lines,
// hashes, UUIDs, images, prose about keys. Keys cannot be seeded, so every run is a new corpus.

export interface KeySample {
  category: string
  /** The note the key sits in. */
  text: string
  /** The key as it appears in `text`. */
  secret: string
}

type KeyPair = { privateKey: KeyObject; publicKey: KeyObject }
const generate = generateKeyPairSync as unknown as (type: string, options: object) => KeyPair

/** Every key type `generateKeyPairSync` offers, with the options each needs. */
export const KEY_TYPES: ReadonlyArray<readonly [label: string, type: string, options: object]> = [
  ['rsa', 'rsa', { modulusLength: 2048 }],
  ['rsa-pss', 'rsa-pss', { modulusLength: 2048 }],
  ['dsa', 'dsa', { modulusLength: 2048, divisorLength: 256 }],
  ['ec P-256', 'ec', { namedCurve: 'P-256' }],
  ['ec P-384', 'ec', { namedCurve: 'P-384' }],
  ['ec secp256k1', 'ec', { namedCurve: 'secp256k1' }],
  ['ed25519', 'ed25519', {}],
  ['ed448', 'ed448', {}],
  ['x25519', 'x25519', {}],
  ['x448', 'x448', {}],
  ['dh', 'dh', { group: 'modp14' }]
]

const PASSPHRASE = { cipher: 'aes-256-cbc', passphrase: 'correct horse battery staple' }
/** Private encodings; those a type does not accept are skipped (node throws). */
const FORMATS: ReadonlyArray<readonly [label: string, options: object]> = [
  ['pkcs8', { type: 'pkcs8' }],
  ['pkcs1', { type: 'pkcs1' }],
  ['sec1', { type: 'sec1' }],
  ['pkcs8 encrypted', { type: 'pkcs8', ...PASSPHRASE }],
  ['pkcs1 encrypted', { type: 'pkcs1', ...PASSPHRASE }],
  ['sec1 encrypted', { type: 'sec1', ...PASSPHRASE }]
]

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function base64(bytes: number): string {
  return randomBytes(bytes).toString('base64')
}

function wrap(body: string, width = 64): string {
  return body.replace(new RegExp(`(.{${width}})`, 'g'), '$1\n').trimEnd()
}

/** Notes a key would sit in. */
const SETTINGS = [
  (key: string) => `Server key (do not share):\n${key}\n`,
  (key: string) => `## Deploy\n\nThe bot signs with this one:\n\n\`\`\`\n${key}\n\`\`\`\n`,
  (key: string) => `${key}\n`,
  (key: string) => `Keys for staging, rotated in May.\n${key}\nAsk Dana before changing it.`
]

export interface KeyCorpus {
  secrets: KeySample[]
  lookAlikes: Array<{ category: string; text: string }>
}

/** `rounds` fresh keys of every type, each in every encoding it accepts, and the look-alikes. */
export function keyCorpus(rounds: number): KeyCorpus {
  const secrets: KeySample[] = []
  const lookAlikes: KeyCorpus['lookAlikes'] = []
  const note = (i: number, key: string) =>
    (SETTINGS[i % SETTINGS.length] as (k: string) => string)(key)
  let n = 0
  for (let round = 0; round < rounds; round++) {
    for (const [label, type, options] of KEY_TYPES) {
      const { privateKey, publicKey } = generate(type, options)
      for (const [format, encoding] of FORMATS) {
        let pem: string
        try {
          pem = privateKey
            .export({ format: 'pem', ...encoding } as never)
            .toString()
            .trimEnd()
        } catch {
          continue
        }
        secrets.push({ category: `${label} ${format}`, secret: pem, text: note(n++, pem) })
      }
      const spki = publicKey.export({ format: 'pem', type: 'spki' }).toString().trimEnd()
      lookAlikes.push({ category: 'public key (spki)', text: note(n++, spki) })
      if (type === 'rsa') {
        const pkcs1 = publicKey.export({ format: 'pem', type: 'pkcs1' }).toString().trimEnd()
        lookAlikes.push({ category: 'public key (pkcs1)', text: note(n++, pkcs1) })
      }
      if (type === 'ed25519')
        lookAlikes.push({ category: 'ssh public line', text: sshEd25519(publicKey) })
    }
    for (let i = 0; i < 3; i++) {
      const openssh = `-----BEGIN OPENSSH PRIVATE KEY-----\n${wrap(`b3BlbnNzaC1rZXktdjEAAAAA${base64(300 + 100 * i)}`, 70)}\n-----END OPENSSH PRIVATE KEY-----`
      secrets.push({ category: 'openssh (armour)', secret: openssh, text: note(n++, openssh) })
      const pgp = pgpBlock()
      secrets.push({ category: 'pgp (armour)', secret: pgp, text: note(n++, pgp) })
      const putty = puttyFile(i % 2 === 0 ? 2 : 3)
      secrets.push({ category: 'putty (armour)', secret: putty, text: note(n++, putty) })
    }
  }
  const extra = Math.max(0, secrets.length - lookAlikes.length) + 8 * rounds
  for (let i = 0; i < extra; i++) {
    const make = LOOK_ALIKES[i % LOOK_ALIKES.length] as (i: number) => [string, string]
    const [category, text] = make(i)
    lookAlikes.push({ category, text })
  }
  return { secrets, lookAlikes }
}

function sshEd25519(publicKey: KeyObject): string {
  const x = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  const field = (b: Buffer) => Buffer.concat([Buffer.alloc(4, 0), b]).fill(b.length, 3, 4)
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(x)])
  return `Add to authorized_keys:\nssh-ed25519 ${blob.toString('base64')} dana@laptop`
}

function pgpBlock(): string {
  const body = wrap(`lQVYBG${base64(900)}`, 64)
  const crc = base64(3)
  return `-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: exported by gpg\n\n${body}\n=${crc}\n-----END PGP PRIVATE KEY BLOCK-----`
}

function puttyFile(version: 2 | 3): string {
  const pub = wrap(`AAAAC3NzaC1lZDI1NTE5AAAAI${base64(24)}`, 64)
  const priv = wrap(`AAAAI${base64(30)}`, 64)
  const lines = (s: string) => s.split('\n').length
  const kdf =
    version === 3
      ? 'Key-Derivation: Argon2id\nArgon2-Memory: 8192\nArgon2-Passes: 34\nArgon2-Parallelism: 1\nArgon2-Salt: ' +
        randomBytes(16).toString('hex') +
        '\n'
      : ''
  return (
    `PuTTY-User-Key-File-${version}: ssh-ed25519\nEncryption: ${version === 3 ? 'aes256-cbc' : 'none'}\n` +
    `Comment: ed25519-key-20260101\nPublic-Lines: ${lines(pub)}\n${pub}\n${kdf}` +
    `Private-Lines: ${lines(priv)}\n${priv}\nPrivate-MAC: ${randomBytes(32).toString('hex')}`
  )
}

function randomB64(length: number): string {
  let out = ''
  for (const byte of randomBytes(length)) out += B64[byte % 64]
  return out
}

const LOOK_ALIKES: Array<(i: number) => [category: string, text: string]> = [
  () => [
    'certificate',
    `The CA we trust:\n-----BEGIN CERTIFICATE-----\n${wrap(`MII${randomB64(1200)}`)}\n-----END CERTIFICATE-----\n`
  ],
  () => ['sha256 hash', `sha256: ${createHash('sha256').update(randomBytes(16)).digest('hex')}`],
  () => ['uuid', `Request ${randomUUID()} failed; retry ${randomUUID()}.`],
  () => [
    'base64 image',
    `![chart](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${base64(600 + Math.floor(Math.random() * 900))})`
  ],
  (i) => [
    'prose about private keys',
    [
      'Never paste a private key here; the `-----BEGIN PRIVATE KEY-----` header marks one.',
      'To load the key: `const key = createPrivateKey(fs.readFileSync("id_ed25519"))` (private key stays on disk).',
      'The private key lives in ~/.ssh/id_ed25519; only the public key goes to GitHub.',
      "openssl genpkey -algorithm ed25519 -out private.pem  # writes a PRIVATE KEY block, don't commit it",
      '```\n-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n```\n(shape only)',
      '-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----'
    ][i % 6] as string
  ],
  () => ['ssh public line', `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${base64(260)} ci@build`]
]

/** A PEM key's base64 body (no armour), to check that redaction left none of it. */
export function bodyOf(pem: string): string {
  return pem
    .split('\n')
    .filter((line) => !line.startsWith('-----') && !line.includes(':'))
    .join('')
}

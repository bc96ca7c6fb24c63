// Plain words for what each rule finds. A finding carries only these words and where it is,
// never the matched text: nothing downstream (tool results, logs, the UI) can echo a secret.

export interface KindWords {
  /** "AWS access key": the label in `[redacted: …]` and in lists. */
  label: string
  /** "an AWS access key" */
  one: string
  /** "AWS access keys" */
  many: string
}

const PRESET = '@secretlint/secretlint-rule-'

function kind(label: string, article: 'a' | 'an' = 'a', many = `${label}s`): KindWords {
  return { label, one: `${article} ${label}`, many }
}

const PASSWORD_IN_URL = kind('password in a URL', 'a', 'passwords in URLs')

/** By `ruleId` then `messageId` ('*' for every message of the rule). */
const KINDS: Record<string, Record<string, KindWords>> = {
  [`${PRESET}anthropic`]: { '*': kind('Anthropic API key', 'an') },
  [`${PRESET}openai`]: { '*': kind('OpenAI API key', 'an') },
  [`${PRESET}aws`]: {
    AWSAccessKeyID: kind('AWS access key', 'an'),
    AWSSecretAccessKey: kind('AWS secret access key', 'an'),
    '*': kind('AWS credential', 'an')
  },
  [`${PRESET}github`]: { '*': kind('GitHub token') },
  [`${PRESET}npm`]: { '*': kind('npm token', 'an') },
  [`${PRESET}slack`]: {
    IncomingWebhook: kind('Slack webhook URL'),
    '*': kind('Slack token')
  },
  [`${PRESET}basicauth`]: { '*': PASSWORD_IN_URL },
  [`${PRESET}database-connection-string`]: { '*': PASSWORD_IN_URL },
  [`${PRESET}privatekey`]: { '*': kind('private key') },
  [`${PRESET}gcp`]: { '*': kind('Google Cloud service account key') },
  [`${PRESET}sendgrid`]: { '*': kind('SendGrid API key') },
  [`${PRESET}shopify`]: { '*': kind('Shopify token') },
  [`${PRESET}gitlab`]: { '*': kind('GitLab token') },
  [`${PRESET}grafana`]: { '*': kind('Grafana token') },
  [`${PRESET}1password`]: { '*': kind('1Password service account token') },
  [`${PRESET}hashicorp-vault`]: { '*': kind('HashiCorp Vault token') },
  [`${PRESET}vercel`]: { '*': kind('Vercel token') },
  [`${PRESET}databricks`]: { '*': kind('Databricks token') },
  [`${PRESET}docker`]: { '*': kind('Docker access token') },
  [`${PRESET}figma`]: { '*': kind('Figma token') },
  [`${PRESET}huggingface`]: { '*': kind('Hugging Face token') },
  [`${PRESET}groq`]: { '*': kind('Groq API key') },
  [`${PRESET}linear`]: { '*': kind('Linear API key') },
  [`${PRESET}notion`]: { '*': kind('Notion token') },
  // New in preset 13.
  [`${PRESET}stripe`]: { '*': kind('Stripe secret key') },
  [`${PRESET}cloudflare`]: { '*': kind('Cloudflare API token') },
  [`${PRESET}tailscale`]: { '*': kind('Tailscale key') },
  // Cairn's own rules (own-rules.ts), for what the preset has no rule for.
  'cairn/stripe': { '*': kind('Stripe secret key') },
  'cairn/google-api-key': { '*': kind('Google API key') },
  'cairn/jwt': { '*': kind('JSON Web Token') },
  'cairn/password-in-url': { '*': PASSWORD_IN_URL },
  'cairn/credit-card': { '*': kind('credit card number') },
  'cairn/private-key': { '*': kind('private key') },
  'cairn/putty-key': { '*': kind('private key') },
  'cairn/aws-access-key': { '*': kind('AWS access key', 'an') }
}

const UNKNOWN = kind('secret')

export function kindOf(ruleId: string, messageId: string): KindWords {
  const byMessage = KINDS[ruleId]
  return byMessage?.[messageId] ?? byMessage?.['*'] ?? UNKNOWN
}

/** Every label a finding can carry (the renderer and tests check against it). */
export function allKindLabels(): string[] {
  const labels = Object.values(KINDS).flatMap((byMessage) =>
    Object.values(byMessage).map((words) => words.label)
  )
  return [...new Set([...labels, UNKNOWN.label])]
}

/** The words for a label (for counting findings of one kind in a message). */
export function wordsOf(label: string): KindWords {
  for (const byMessage of Object.values(KINDS))
    for (const words of Object.values(byMessage)) if (words.label === label) return words
  return UNKNOWN
}

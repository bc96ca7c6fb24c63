import { describe, expect, it } from 'vitest'
import { chipLabel } from './memory-chip'
import { secretRefusalDetails } from './secret-chip'

// The engine's words (secret-guard/guard.ts; its tests pin them) as the chip shows them.
const REFUSED =
  'Error: Refused: contains an AWS access key (line 3) and 2 GitHub tokens (lines 5, 9). Nothing was written to /memories/deploy.md: memory must never hold secrets such as API keys, tokens, passwords, private keys or card numbers. Write it again without the secret; to remember that one exists, note where the user keeps it instead.'
const REDACTED =
  'File created successfully at: /memories/deploy.md\nNote: Redacted 1 secret before saving: an AWS access key (line 2), each now [redacted: <kind>] in the file. Memory must not hold secrets; do not write it again.'

describe('chip labels for the secret guard', () => {
  it('says what a refusal was about, without lines', () => {
    expect(
      chipLabel({
        command: 'create',
        path: '/memories/deploy.md',
        status: 'error',
        result: REFUSED
      })
    ).toBe('Refused: contains an AWS access key and 2 GitHub tokens')
  })

  it('says how many secrets a saved change had redacted', () => {
    expect(
      chipLabel({
        command: 'create',
        path: '/memories/deploy.md',
        status: 'done',
        result: REDACTED
      })
    ).toBe('Created /memories/deploy.md · Redacted 1 secret')
  })

  it('leaves other results as they were', () => {
    expect(
      chipLabel({
        command: 'str_replace',
        path: '/memories/a.md',
        status: 'error',
        result: 'over 256 KiB cap'
      })
    ).toBe('Edit refused: over 256 KiB cap')
  })
})

describe('the refusal, expanded', () => {
  it('is written for the user: what was kept out, where, and what Claude was told', () => {
    const words = secretRefusalDetails(REFUSED)
    expect(words).toBe(
      'The secret guard kept an AWS access key (line 3) and 2 GitHub tokens (lines 5, 9) out of memory. Nothing was written to /memories/deploy.md; Claude was asked to write it again without the secret. Settings → Secret guard chooses whether such a change is refused or saved with the secret redacted.'
    )
    expect(secretRefusalDetails('Error: over cap')).toBeNull()
  })
})

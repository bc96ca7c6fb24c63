import { describe, expect, it } from 'vitest'
import { RELEASE_NOTES_MAX_CHARS } from '@shared/app/updates'
import { plainReleaseNotes } from '../release-notes'

describe('release notes as plain text', () => {
  it('drops tags, keeps paragraphs and list items, decodes entities', () => {
    expect(
      plainReleaseNotes(
        '<h2>Cairn 1.1</h2><p>Faster&nbsp;<b>search</b> &amp; fixes</p><ul><li>One</li><li>Two &#x263A;</li></ul>'
      )
    ).toBe('Cairn 1.1\nFaster search & fixes\n\n• One\n• Two ☺')
  })

  it('never passes markup or scripts through, even escaped ones stay text', () => {
    const text = plainReleaseNotes(
      '<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>&lt;b&gt;bold&lt;/b&gt;'
    )
    expect(text).toBe('<b>bold</b>')
    expect(text).not.toContain('alert')
  })

  it('drops control and bidi-override characters', () => {
    expect(plainReleaseNotes('a\u0000b\u202ec\td')).toBe('abc\td')
  })

  it('null for nothing, capped for too much', () => {
    expect(plainReleaseNotes(null)).toBeNull()
    expect(plainReleaseNotes('<p> </p>')).toBeNull()
    const long = plainReleaseNotes('x'.repeat(RELEASE_NOTES_MAX_CHARS + 50))
    expect(long).toHaveLength(RELEASE_NOTES_MAX_CHARS)
    expect(long?.endsWith('…')).toBe(true)
  })
})

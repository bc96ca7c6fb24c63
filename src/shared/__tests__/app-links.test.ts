import { describe, expect, it } from 'vitest'
import {
  APP_LINK_MAX_CHARS,
  AppLinkSchema,
  LINK_TEXT_MAX_CHARS,
  parseAppLink
} from '../app/app-links'

const ID = 'c0ffee00-1234-4abc-8def-0123456789ab'

function refusedFor(link: string): string {
  const parsed = parseAppLink(link)
  if (parsed.kind !== 'unknown') throw new Error(`${link} was accepted as ${parsed.kind}`)
  return parsed.reason
}

describe('cairn:// links that Cairn follows', () => {
  it('opens a conversation by id', () => {
    expect(parseAppLink(`cairn://conversation/${ID}`)).toEqual({
      kind: 'conversation',
      conversationId: ID
    })
    // Scheme and host are case-insensitive, a trailing slash (added by some launchers) is fine.
    expect(parseAppLink(`CAIRN://Conversation/${ID}/`)).toEqual({
      kind: 'conversation',
      conversationId: ID
    })
  })

  it('opens a memory file under /memories, decoding each name once', () => {
    expect(parseAppLink('cairn://memory/notes/project%20ideas.md')).toEqual({
      kind: 'memory',
      path: '/memories/notes/project ideas.md'
    })
    expect(parseAppLink('cairn://memory/caf%C3%A9.md')).toEqual({
      kind: 'memory',
      path: '/memories/café.md'
    })
  })

  it('starts a new chat with text (+ and %20 are spaces, newlines kept), or without any', () => {
    expect(parseAppLink('cairn://new?text=Plan+my%20week%0Aplease')).toEqual({
      kind: 'new-chat',
      text: 'Plan my week\nplease'
    })
    expect(parseAppLink('cairn://new')).toEqual({ kind: 'new-chat', text: '' })
    expect(parseAppLink('cairn://new/?text=a%3Db%26c')).toEqual({ kind: 'new-chat', text: 'a=b&c' })
    // Emoji held together by a zero-width joiner are text, not a hiding trick.
    expect(parseAppLink(`cairn://new?text=${encodeURIComponent('👩‍💻 hi')}`)).toEqual({
      kind: 'new-chat',
      text: '👩‍💻 hi'
    })
  })

  it('every result matches the contract schema', () => {
    for (const link of [`cairn://conversation/${ID}`, 'cairn://memory/a.md', 'cairn://new', 'x'])
      expect(AppLinkSchema.safeParse(parseAppLink(link)).success, link).toBe(true)
  })
})

describe('hostile or unknown links do nothing and say why', () => {
  it.each([
    ['https://evil.example/conversation/x', /not a cairn:\/\/ link/],
    ['cairn:/conversation/x', /not a cairn:\/\/ link/],
    ['javascript:alert(1)', /not a cairn:\/\/ link/],
    ['cairn://', /names nothing/],
    ['cairn://settings/api-key', /no “settings” links/],
    ['cairn://user@memory/a.md', /no “user@memory” links/],
    ['cairn://memory:80/a.md', /no “memory:80” links/],
    ['cairn://conversation/../../etc', /exactly one conversation/],
    ['cairn://conversation/NOT_AN_ID', /not a conversation id/],
    ['cairn://conversation/%2e%2e', /not a conversation id/],
    [`cairn://conversation/${ID}?delete=1`, /nothing after \?/]
  ])('%s', (link, reason) => {
    expect(refusedFor(link)).toMatch(reason)
  })

  it.each([
    'cairn://memory/../secrets.txt',
    'cairn://memory/notes/../../etc/passwd',
    'cairn://memory/%2e%2e/x',
    'cairn://memory/%2E%2E/x',
    'cairn://memory/./a.md',
    // Fullwidth dots become .. under NFKC, which the memory engine applies.
    'cairn://memory/%EF%BC%8E%EF%BC%8E/x'
  ])('refuses traversal in a memory path: %s', (link) => {
    expect(refusedFor(link)).toMatch(/steps out of its folder/)
  })

  it.each([
    ['cairn://memory/..%2Fetc%2Fpasswd', /slash once decoded/],
    ['cairn://memory/a%5Cb.md', /slash once decoded/],
    ['cairn://memory/%EF%BC%8Fetc', /slash once decoded/], // fullwidth solidus
    ['cairn://memory/%252e%252e/x', /encoded twice/],
    ['cairn://memory/a%00.md', /control or invisible/],
    ['cairn://memory/a%E2%80%AEdm.exe', /control or invisible/], // right-to-left override
    ['cairn://memory/a%0A.md', /control or invisible/],
    ['cairn://memory//a.md', /empty part/],
    ['cairn://memory', /names no file/],
    ['cairn://memory/%E0%A4%A', /broken %-encoding/],
    [`cairn://memory/${'a'.repeat(1_001)}`, /too long/]
  ])('refuses %s', (link, reason) => {
    expect(refusedFor(link)).toMatch(reason)
  })

  it.each([
    ['cairn://new?text=hi%00there', /control or invisible/],
    ['cairn://new?text=%1B%5B31mred', /control or invisible/],
    ['cairn://new?text=pay%E2%80%AEliam', /control or invisible/],
    ['cairn://new?text=a%E2%80%8Bb', /control or invisible/], // zero-width space
    ['cairn://new?text=a&text=b', /text twice/],
    ['cairn://new?text=a&send=1', /only text=/],
    ['cairn://new/now?text=a', /no path/],
    ['cairn://new?text=%E0%A4%A', /broken %-encoding/],
    [`cairn://new?text=${'a'.repeat(LINK_TEXT_MAX_CHARS + 1)}`, /longer than 4,000 characters/]
  ])('refuses %s', (link, reason) => {
    expect(refusedFor(link)).toMatch(reason)
  })

  it('refuses an overlong link before decoding it, and shows it cut to one escaped line', () => {
    const link = `cairn://new?text=${'%41'.repeat(APP_LINK_MAX_CHARS)}`
    const parsed = parseAppLink(link)
    expect(parsed).toMatchObject({ kind: 'unknown', reason: /longer than 50,000 characters/ })
    if (parsed.kind !== 'unknown') throw new Error('accepted')
    expect(parsed.shown.length).toBeLessThanOrEqual(201)
    const hidden = parseAppLink('cairn://nope/\u202e\n')
    expect(hidden.kind === 'unknown' && hidden.shown).toBe('cairn://nope/\\u{202E}\\n')
  })

  it('a fragment is ignored, never read as part of the path', () => {
    expect(parseAppLink('cairn://memory/a.md#../../x')).toEqual({
      kind: 'memory',
      path: '/memories/a.md'
    })
  })
})

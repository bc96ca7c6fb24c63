import { describe, expect, test } from 'vitest'
import type { AttachmentBlock } from '@shared/chat/attachments'
import type { ChatMessage } from '@shared/chat/chat'
import { defaultSettings } from '@shared/app/settings'
import { validateMessagesRequest } from '../../../../../../e2e/fake-anthropic'
import { buildRequest } from '../../frame/request'
import { pdf, png } from './fixtures'

const T = '2026-01-01T00:00:00.000Z'
const file = (hash: string, kind: AttachmentBlock['kind'], name: string): AttachmentBlock => ({
  type: 'attachment',
  hash: hash.repeat(64),
  kind,
  mediaType: kind === 'image' ? 'image/png' : kind === 'pdf' ? 'application/pdf' : 'text/plain',
  name,
  size: 1
})

describe('request building with attachments', () => {
  test('image → image block, PDF → document, text → titled plain-text document, then the words', async () => {
    const image = await png(3, 3)
    const messages: ChatMessage[] = [
      {
        id: 'u1',
        role: 'user',
        createdAt: T,
        content: [
          file('a', 'image', 'a.png'),
          file('b', 'pdf', 'b.pdf'),
          file('c', 'text', 'c.py'),
          { type: 'text', text: 'Compare them.' }
        ]
      }
    ]
    const files = new Map<string, Uint8Array>([
      ['a'.repeat(64), image],
      ['b'.repeat(64), pdf(1)],
      ['c'.repeat(64), Buffer.from('print("hi")\n')]
    ])
    const params = buildRequest({ model: 'm', messages }, defaultSettings(), true, files)
    expect(params.messages[0]?.content).toEqual([
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: image.toString('base64') }
      },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: pdf(1).toString('base64') },
        title: 'b.pdf'
      },
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: 'print("hi")\n' },
        title: 'c.py'
      },
      { type: 'text', text: 'Compare them.', cache_control: { type: 'ephemeral' } }
    ])
    expect(validateMessagesRequest(params)).toBeNull()
  })

  test('no hash, no base64, no Cairn fields leak into the request', () => {
    const messages: ChatMessage[] = [
      { id: 'u1', role: 'user', createdAt: T, content: [file('d', 'image', 'gone.png')] }
    ]
    const params = buildRequest({ model: 'm', messages }, defaultSettings(), true, new Map())
    expect(params.messages[0]?.content).toEqual([
      {
        type: 'text',
        text: '(The attached file “gone.png” is no longer stored on this computer.)',
        cache_control: { type: 'ephemeral' }
      }
    ])
    expect(JSON.stringify(params)).not.toContain('d'.repeat(64))
  })
})

import Anthropic from '@anthropic-ai/sdk'
import sharp from 'sharp'
import { afterEach, describe, expect, test } from 'vitest'
import {
  imageSize,
  reply,
  startFakeAnthropic,
  validateMessagesRequest,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'
import { jpeg, pdf, png } from '../attachments/__tests__/fixtures'

// The fake checks images and documents as the real API does; these drive it with the real SDK.

let fake: FakeAnthropic | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

type Block = Record<string, unknown>
const image = (data: string, mediaType = 'image/png'): Block => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data }
})
const pdfBlock = (data: string, mediaType = 'application/pdf'): Block => ({
  type: 'document',
  source: { type: 'base64', media_type: mediaType, data }
})
const check = (...content: Block[]) =>
  validateMessagesRequest({
    model: 'm',
    max_tokens: 1,
    messages: [{ role: 'user', content: [...content, { type: 'text', text: 'what is this?' }] }]
  })
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('fake Anthropic API: images and documents', () => {
  test('accepts what the real API accepts', async () => {
    expect(check(image(b64(await png(10, 10))))).toBeNull()
    expect(check(image(b64(await jpeg(10, 10)), 'image/jpeg'))).toBeNull()
    expect(check(pdfBlock(b64(pdf(3))))).toBeNull()
    expect(
      check({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } })
    ).toBeNull()
  })

  test('an image over 5 MB (its base64, as the API counts) is refused with the API’s words', () => {
    const data = 'A'.repeat(5 * 1024 * 1024 + 4)
    expect(check(image(data))).toBe(
      `messages.0.content.0.image.source.base64: image exceeds 5 MB maximum: ${data.length} bytes > 5242880 bytes`
    )
  })

  test('an unsupported media type is refused', async () => {
    expect(check(image(b64(await png(4, 4)), 'image/bmp'))).toBe(
      "messages.0.content.0.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"
    )
    expect(check(pdfBlock(b64(pdf(1)), 'application/msword'))).toBe(
      "messages.0.content.0.document.source.base64.media_type: Input should be 'application/pdf'"
    )
  })

  test('bytes that are not what the media type says are refused', async () => {
    expect(check(image(b64(await jpeg(4, 4)), 'image/png'))).toBe(
      'messages.0.content.0.image.source.base64.data: Image does not match the provided media type image/png'
    )
    expect(check(image(b64(Buffer.from('hello there')), 'image/png'))).toBe(
      'messages.0.content.0.image.source.base64.data: Could not process image'
    )
    expect(check(pdfBlock(b64(Buffer.from('not a pdf at all'))))).toBe(
      'messages.0.content.0.document.source.base64.data: The PDF specified was not valid.'
    )
  })

  test('invalid base64 is refused', () => {
    expect(check(image('iVBOR w0K!'))).toBe(
      'messages.0.content.0.image.source.base64.data: Invalid base64 data'
    )
    expect(check(image('abc'))).toContain('Invalid base64 data')
  })

  test('dimensions: 8000 px per edge, 2000 px once a request holds more than 20 images', async () => {
    const wide = b64(await png(8001, 2))
    expect(check(image(wide))).toContain('exceed max allowed size: 8000 pixels')
    const medium = b64(await png(2001, 2))
    expect(check(image(medium))).toBeNull()
    const small = image(b64(await png(2, 2)))
    const crowd = Array.from({ length: 20 }, () => small)
    expect(check(...crowd, image(medium))).toContain('exceed max allowed size')
  })

  test('more than 100 images or 100 PDF pages in a request are refused', async () => {
    const small = image(b64(await png(2, 2)))
    expect(check(...Array.from({ length: 101 }, () => small))).toContain(
      'A maximum of 100 images may be provided in one request'
    )
    expect(check(pdfBlock(b64(pdf(60))), pdfBlock(b64(pdf(41))))).toBe(
      'messages: A maximum of 100 PDF pages may be provided.'
    )
  })

  test('images only in user messages', async () => {
    const body = {
      model: 'm',
      max_tokens: 1,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [image(b64(await png(2, 2)))] }
      ]
    }
    expect(validateMessagesRequest(body)).toBe(
      'messages.1.content.0: image blocks can only appear in user messages'
    )
  })

  test('reads sizes from PNG, GIF, JPEG and WebP headers', async () => {
    const sized = async (format: 'png' | 'gif' | 'jpeg' | 'webp') =>
      imageSize(
        await sharp({ create: { width: 37, height: 21, channels: 3, background: '#123' } })
          .toFormat(format)
          .toBuffer(),
        `image/${format}`
      )
    for (const format of ['png', 'gif', 'jpeg', 'webp'] as const)
      expect(await sized(format)).toEqual({ width: 37, height: 21 })
  })

  test('the SDK gets a real 400 invalid_request_error for an oversize image', async () => {
    fake = await startFakeAnthropic()
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    fake.script(reply('never'))
    const error = await client.messages
      .create({
        model: 'claude-sonnet-4-6',
        max_tokens: 10,
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'image',
                source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(6_000_000) }
              }
            ]
          }
        ]
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.BadRequestError)
    expect(error).toMatchObject({
      status: 400,
      error: {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message:
            'messages.0.content.0.image.source.base64: image exceeds 5 MB maximum: 6000000 bytes > 5242880 bytes'
        }
      }
    })
  })
})

import Anthropic, { toFile } from '@anthropic-ai/sdk'
import { describe, expect, test } from 'vitest'
import { FILES_BETA, reply, startFakeAnthropic } from '../../../../../e2e/fake-anthropic'
import { pdf } from '../attachments/__tests__/fixtures'
import { API_KEY, MODEL } from './harness'

/*
 * The fake's Files API, driven by the real SDK: what it answers must be what the SDK parses, and
 * what it refuses what the API refuses.
 */

async function started(options: { filesApi?: boolean } = {}) {
  const fake = await startFakeAnthropic(options)
  const client = new Anthropic({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0 })
  return { fake, client, close: () => fake.close() }
}

const ask = (fileId: string, betas?: string[]) => ({
  model: MODEL,
  max_tokens: 100,
  messages: [
    {
      role: 'user' as const,
      content: [
        { type: 'document' as const, source: { type: 'file' as const, file_id: fileId } },
        { type: 'text' as const, text: 'Summarise it.' }
      ]
    }
  ],
  ...(betas ? { betas } : {})
})

describe('the fake Files API', () => {
  test('an upload answers the file metadata; a message names it by file_id with the beta', async () => {
    const { fake, client, close } = await started()
    try {
      const bytes = pdf(3)
      const file = await client.beta.files.upload({
        file: await toFile(bytes, 'plan.pdf', { type: 'application/pdf' }),
        betas: [FILES_BETA]
      })
      expect(file).toMatchObject({
        id: expect.stringMatching(/^file_/),
        type: 'file',
        filename: 'plan.pdf',
        mime_type: 'application/pdf',
        size_bytes: bytes.length,
        downloadable: false
      })
      expect(fake.files.list()[0]?.bytes.equals(bytes)).toBe(true)
      expect(await client.beta.files.retrieveMetadata(file.id, { betas: [FILES_BETA] })).toEqual(
        file
      )

      fake.script(reply('A plan.'))
      const answer = await client.beta.messages.create(ask(file.id, [FILES_BETA]))
      expect(answer.content).toEqual([{ type: 'text', text: 'A plan.', citations: null }])
      // The document counts as what the model reads: the file's content, not its id.
      expect(answer.usage.input_tokens).toBeGreaterThan(bytes.toString('base64').length / 4)

      // Without the beta the API reads the non-beta block and refuses the tag.
      await expect(client.beta.messages.create(ask(file.id))).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("Input tag 'file' found using 'type'")
      })
      // A file that expired (or was deleted) is not found.
      fake.files.expire(file.id)
      await expect(client.beta.messages.create(ask(file.id, [FILES_BETA]))).rejects.toMatchObject({
        status: 404,
        error: { error: { type: 'not_found_error' } }
      })
    } finally {
      await close()
    }
  })

  test('an endpoint without the Files API answers 404; an upload without the beta is refused', async () => {
    const none = await started({ filesApi: false })
    try {
      await expect(
        none.client.beta.files.upload({
          file: await toFile(pdf(1), 'a.pdf', { type: 'application/pdf' }),
          betas: [FILES_BETA]
        })
      ).rejects.toMatchObject({ status: 404 })
    } finally {
      await none.close()
    }
    const { client, close } = await started()
    try {
      await expect(
        client.beta.files.upload({ file: await toFile(pdf(1), 'a.pdf') })
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining(FILES_BETA) })
    } finally {
      await close()
    }
  })
})

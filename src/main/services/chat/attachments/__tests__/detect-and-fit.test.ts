import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { API_LIMITS, ATTACHMENT_LIMITS, type AttachmentBlock } from '@shared/chat/attachments'
import { detectType, isUtf8Text } from '../detect'
import { fitImage } from '../image'
import { checkRequestLimits } from '../limits'
import { checkPdf, countPdfPages } from '../pdf'
import { jpeg, pdf, png } from './fixtures'

describe('type by content, not by name', () => {
  test('a PNG named notes.txt is an image', async () => {
    expect(await detectType('notes.txt', await png(4, 4))).toEqual({
      kind: 'image',
      mediaType: 'image/png'
    })
  })

  test('a text file named photo.png is text', async () => {
    const bytes = Buffer.from('# not a picture\nconst x = 1 // ünïcödé\n')
    expect(await detectType('photo.png', bytes)).toEqual({ kind: 'text', mediaType: 'text/plain' })
  })

  test('JPEG and PDF by their signatures', async () => {
    expect((await detectType('a', await jpeg(3, 3))).mediaType).toBe('image/jpeg')
    expect(await detectType('report.docx', pdf(2))).toEqual({
      kind: 'pdf',
      mediaType: 'application/pdf'
    })
  })

  test('a known binary type is refused by name, with what Cairn takes', async () => {
    const bmp = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer()
    await expect(detectType('scan.png', bmp)).rejects.toThrow(
      /“scan\.png” is image\/tiff, not an image, PDF or text file\. Cairn can attach PNG, JPEG, GIF and WebP images, PDFs, and text or code files\./
    )
  })

  test('bytes with NULs or broken UTF-8 are not text', async () => {
    expect(isUtf8Text(Buffer.from([0x68, 0x00, 0x69]))).toBe(false)
    expect(isUtf8Text(Buffer.from([0xc3, 0x28]))).toBe(false)
    await expect(detectType('data.bin', Buffer.from([1, 2, 0, 3, 250]))).rejects.toThrow(
      /not a file type Cairn knows/
    )
  })

  test('text over the cap names the cap', async () => {
    const big = Buffer.alloc(ATTACHMENT_LIMITS.textBytes + 1, 'a')
    await expect(detectType('log.txt', big)).rejects.toThrow(/up to 512 KB/)
  })

  test('an empty file is refused', async () => {
    await expect(detectType('empty.txt', Buffer.alloc(0))).rejects.toThrow(/is empty/)
  })
})

describe('images fitted to the API', () => {
  test('an image within the limits is kept byte for byte', async () => {
    const bytes = await png(300, 200)
    const fitted = await fitImage('a.png', bytes, 'image/png')
    expect(Buffer.from(fitted.bytes).equals(bytes)).toBe(true)
    expect(fitted).toMatchObject({ width: 300, height: 200, note: null })
  })

  test('a wide image is scaled down with its aspect ratio kept', async () => {
    const fitted = await fitImage('wide.png', await png(5000, 1250), 'image/png')
    expect(fitted.width).toBe(ATTACHMENT_LIMITS.imageEdge)
    expect(fitted.height).toBe(500)
    const meta = await sharp(fitted.bytes).metadata()
    expect([meta.width, meta.height]).toEqual([2000, 500])
    expect(fitted.note).toMatch(/Scaled down from 5000 × 1250 to 2000 × 500 px/)
  })

  test('an image with too many bytes lands under the byte limit', async () => {
    const bytes = await png(400, 400, true)
    const limits = { edge: 2000, bytes: 150_000 }
    expect(bytes.length).toBeGreaterThan(limits.bytes)
    const fitted = await fitImage('noise.png', bytes, 'image/png', limits)
    expect(fitted.bytes.length).toBeLessThanOrEqual(limits.bytes)
    expect(fitted.width / fitted.height).toBeCloseTo(1, 2)
    expect(fitted.note).toMatch(/to fit the API's limits/)
  })

  test('the stored limit keeps base64 under the API’s 5 MB per image', () => {
    expect(Math.ceil(ATTACHMENT_LIMITS.imageBytes / 3) * 4).toBeLessThanOrEqual(
      API_LIMITS.imageBase64Bytes
    )
  })

  test('a damaged image is refused with a next step', async () => {
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 40)])
    await expect(fitImage('cut.png', broken, 'image/png')).rejects.toThrow(
      /could not be read; it may be damaged/
    )
  })
})

describe('PDFs', () => {
  test('pages are counted from the page objects', () => {
    expect(countPdfPages(pdf(3))).toBe(3)
  })

  test('a PDF with more than 100 pages is refused, naming the limit', () => {
    expect(() => checkPdf('book.pdf', pdf(101))).toThrow(
      /has 101 pages; the API reads at most 100 PDF pages per request/
    )
    expect(checkPdf('short.pdf', pdf(100))).toEqual({ pages: 100 })
  })

  test('the page tree count is used when page objects are compressed', () => {
    const text = '%PDF-1.7\n1 0 obj << /Type /Pages /Count 7 /Kids [] >> endobj\n%%EOF'
    expect(countPdfPages(Buffer.from(text, 'latin1'))).toBe(7)
    expect(countPdfPages(Buffer.from('%PDF-1.7\nstream...endstream\n%%EOF'))).toBeNull()
  })

  test('a PDF too big for a request is refused by size', () => {
    const big = Buffer.alloc(ATTACHMENT_LIMITS.pdfBytes + 1, 0x20)
    big.write('%PDF-1.4\n')
    expect(() => checkPdf('scan.pdf', big)).toThrow(/at most 20 MB .* 32 MB request limit/)
  })
})

describe('limits per request (the whole conversation goes in every request)', () => {
  const image = (i: number, edge = 800): AttachmentBlock => ({
    type: 'attachment',
    hash: i.toString(16).padStart(64, '0'),
    kind: 'image',
    mediaType: 'image/png',
    name: `img-${i}.png`,
    size: 1000,
    width: edge,
    height: edge / 2
  })
  const doc = (pages: number, size = 1000): AttachmentBlock => ({
    type: 'attachment',
    hash: 'f'.repeat(64),
    kind: 'pdf',
    mediaType: 'application/pdf',
    name: 'doc.pdf',
    size,
    pages
  })
  const many = (n: number, edge?: number) => Array.from({ length: n }, (_, i) => image(i, edge))

  test('100 images pass; the 101st is refused, naming the limit', () => {
    expect(() => checkRequestLimits(many(99), [image(100)])).not.toThrow()
    expect(() => checkRequestLimits(many(100), [image(101)])).toThrow(
      /101 images in the conversation; the API takes at most 100 images per request/
    )
  })

  test('over 20 images, an image wider than 2000 px is refused', () => {
    expect(() => checkRequestLimits(many(20), [image(20, 2400)])).toThrow(
      /more than 20 images .* up to 2000 × 2000 px, and “img-20\.png” is 2400 × 1200/
    )
    expect(() => checkRequestLimits(many(19), [image(20, 2400)])).not.toThrow()
  })

  test('PDF pages add up across the conversation', () => {
    expect(() => checkRequestLimits([doc(60)], [doc(40)])).not.toThrow()
    expect(() => checkRequestLimits([doc(60)], [doc(41)])).toThrow(
      /101 PDF pages in the conversation; the API reads at most 100 PDF pages per request/
    )
  })

  test('the request size counts base64 and keeps room for the conversation', () => {
    const eighteen = 18 * 1024 * 1024
    expect(() => checkRequestLimits([doc(1, eighteen)], [doc(1, 5 * 1024 * 1024)])).toThrow(
      /would come to 30\.7 MB in a request; the API takes requests up to 32 MB/
    )
  })
})

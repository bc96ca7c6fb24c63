import sharp from 'sharp'
import { prng } from '../../../memory/__tests__/prng'

/** Test files made on the spot: real encoders, so detection and fitting see real bytes. */

export async function png(width: number, height: number, noise = false): Promise<Buffer> {
  if (!noise)
    return sharp({
      create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } }
    })
      .png()
      .toBuffer()
  // Random pixels do not compress: a big file from a modest size.
  const raw = Buffer.alloc(width * height * 3)
  const next = prng(42)
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(next() * 256)
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

export async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer()
}

/** A minimal but well-formed PDF with `pages` page objects. */
export function pdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from(
      { length: pages },
      (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj`
    )
  ]
  return Buffer.from(
    `%PDF-1.4\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1'
  )
}

export const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')

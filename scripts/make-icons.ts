/*
 * Builds the installer icon set from build/icon.png (npm run icons; the output is committed):
 *   build/icons/<n>x<n>.png for n in 16…1024 (Linux), build/icon.ico (Windows),
 *   build/icon.icns (macOS).
 * ICO and ICNS are written here directly: both are small containers of PNG images.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PNG } from 'pngjs'

const BUILD = resolve(import.meta.dirname, '..', 'build')
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
/** ICNS entry types holding PNG data, by pixel size (the @2x types reuse the same pixels). */
export const ICNS_TYPES: Array<[string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512]
]

/** Resamples premultiplied RGBA: box filter when shrinking, bilinear when growing. */
export function resize(source: PNG, size: number): PNG {
  const out = new PNG({ width: size, height: size })
  const sx = source.width / size
  const sy = source.height / size
  const at = (x: number, y: number, c: number) =>
    source.data[
      (Math.min(source.height - 1, Math.max(0, y)) * source.width +
        Math.min(source.width - 1, Math.max(0, x))) *
        4 +
        c
    ] ?? 0
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const acc = { r: 0, g: 0, b: 0, a: 0 }
      if (sx >= 1) {
        const x0 = Math.floor(x * sx)
        const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx))
        const y0 = Math.floor(y * sy)
        const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy))
        for (let yy = y0; yy < y1; yy++)
          for (let xx = x0; xx < x1; xx++) {
            const a = at(xx, yy, 3) / 255
            acc.r += at(xx, yy, 0) * a
            acc.g += at(xx, yy, 1) * a
            acc.b += at(xx, yy, 2) * a
            acc.a += a
          }
        const n = (x1 - x0) * (y1 - y0)
        writePixel(out, x, y, acc, n)
      } else {
        const fx = (x + 0.5) * sx - 0.5
        const fy = (y + 0.5) * sy - 0.5
        const x0 = Math.floor(fx)
        const y0 = Math.floor(fy)
        const tx = fx - x0
        const ty = fy - y0
        for (const [dx, dy, w] of [
          [0, 0, (1 - tx) * (1 - ty)],
          [1, 0, tx * (1 - ty)],
          [0, 1, (1 - tx) * ty],
          [1, 1, tx * ty]
        ] as const) {
          const a = (at(x0 + dx, y0 + dy, 3) / 255) * w
          acc.r += at(x0 + dx, y0 + dy, 0) * a
          acc.g += at(x0 + dx, y0 + dy, 1) * a
          acc.b += at(x0 + dx, y0 + dy, 2) * a
          acc.a += a
        }
        writePixel(out, x, y, acc, 1)
      }
    }
  }
  return out
}

function writePixel(
  out: PNG,
  x: number,
  y: number,
  { r, g, b, a }: { r: number; g: number; b: number; a: number },
  n: number
): void {
  const i = (y * out.width + x) * 4
  out.data[i] = a > 0 ? Math.round(r / a) : 0
  out.data[i + 1] = a > 0 ? Math.round(g / a) : 0
  out.data[i + 2] = a > 0 ? Math.round(b / a) : 0
  out.data[i + 3] = Math.round((a / n) * 255)
}

export function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // 1 = icon
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index
    header.writeUInt8(size >= 256 ? 0 : size, entry) // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt8(0, entry + 2) // no palette
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4) // planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map((image) => image.png)])
}

export function encodeIcns(entries: Array<{ type: string; png: Buffer }>): Buffer {
  const chunks = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

function main(): void {
  const source = PNG.sync.read(readFileSync(join(BUILD, 'icon.png')))
  const pngs = new Map<number, Buffer>()
  for (const size of PNG_SIZES) pngs.set(size, PNG.sync.write(resize(source, size)))
  mkdirSync(join(BUILD, 'icons'), { recursive: true })
  for (const [size, png] of pngs) writeFileSync(join(BUILD, 'icons', `${size}x${size}.png`), png)
  const pngOf = (size: number): Buffer => {
    const png = pngs.get(size)
    if (!png) throw new Error(`no ${size}px image`)
    return png
  }
  writeFileSync(
    join(BUILD, 'icon.ico'),
    encodeIco(ICO_SIZES.map((size) => ({ size, png: pngOf(size) })))
  )
  writeFileSync(
    join(BUILD, 'icon.icns'),
    encodeIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: pngOf(size) })))
  )
  console.log(`icons written to ${BUILD}`)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main()

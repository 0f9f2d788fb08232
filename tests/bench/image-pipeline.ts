/**
 * Cost of one upload through the image pipeline (backoffice §2 Images): a 12-megapixel camera-sized
 * JPEG decoded, oriented and re-encoded into AVIF and WebP at 320, 640 and 1280 px plus the placeholder.
 */
import sharp from 'sharp'
import { encodeImage } from '../../server/services/media/image-pipeline.ts'

export interface ImagePipelineCost {
  width: number
  height: number
  inputKb: number
  runs: number[]
  medianMs: number
  outputKb: number
}

/** A photo-like 4000 × 3000 JPEG: a gradient under noise, so the encoders cannot shortcut flat areas. */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d05030"/><stop offset="1" stop-color="#3050c0"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  )
  return sharp(gradient)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export async function measureImagePipeline(runs = 5): Promise<ImagePipelineCost> {
  const width = 4000
  const height = 3000
  const jpeg = await cameraJpeg(width, height)
  await encodeImage(jpeg) // warm-up: loads the codecs
  const times: number[] = []
  let outputBytes = 0
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const encoded = await encodeImage(jpeg)
    times.push(Math.round(performance.now() - start))
    outputBytes = encoded.variants.reduce((sum, variant) => sum + variant.bytes.length, 0)
  }
  return {
    width,
    height,
    inputKb: Math.round(jpeg.length / 1024),
    runs: times,
    medianMs: median(times),
    outputKb: Math.round(outputBytes / 1024),
  }
}

export function imagePipelineLine(cost: ImagePipelineCost): string {
  return `image pipeline: ${cost.width}×${cost.height} JPEG (${cost.inputKb} KB) → 6 variants (${cost.outputKb} KB) + placeholder: median ${cost.medianMs} ms (runs ${cost.runs.join(', ')} ms)`
}

if (import.meta.main) {
  console.log(imagePipelineLine(await measureImagePipeline()))
}

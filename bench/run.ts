import type { Bench, BenchResult } from './harness'
import { chatStream } from './suites/chatStream'
import { contractRoundTrip } from './suites/contractRoundTrip'
import { engineOverhead, engineRestart } from './suites/engine'
import { exportSpeed } from './suites/export'
import { galleryFirstPaint } from './suites/gallery'
import { partialToVisible } from './suites/partialToVisible'
import { partnerAStream } from './suites/partnerAStream'

const all: Bench[] = [
  contractRoundTrip,
  engineOverhead,
  engineRestart,
  chatStream,
  partnerAStream,
  partialToVisible
]
all.push(galleryFirstPaint, exportSpeed)

async function main(): Promise<void> {
  const filter = process.argv[2]
  const results: BenchResult[] = []
  for (const bench of all) {
    if (filter && !bench.name.includes(filter)) continue
    process.stdout.write(`\n▶ ${bench.name}\n`)
    const result = await bench.run()
    results.push(result)
    process.stdout.write(
      `  subject:  ${result.subject}\n  baseline: ${result.baseline}\n  ratio:    ${result.ratio.toFixed(2)}×\n` +
        `  target:   ${result.target} → ${result.met ? 'met' : 'NOT met'}\n`
    )
  }
  const missed = results.filter((result) => !result.met)
  process.stdout.write(`\n${results.length - missed.length} of ${results.length} targets met\n`)
}

void main()

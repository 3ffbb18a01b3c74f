// RELIABILITY P10 gate for CI and releases: exits non-zero once the pinned Electron major is past the
// end-of-support date in the committed table (the same check runs in `npm test`).
import { electronPins } from './paths'
import { readSupportTable, supportVerdict } from './support'

const { electron } = electronPins()
const verdict = supportVerdict(readSupportTable(), electron, new Date())
if (verdict.ok) {
  const note = verdict.row.estimated ? ' (estimated date)' : ''
  process.stdout.write(
    `Electron ${electron}: supported until ${verdict.row.endOfSupport}${note}, ${verdict.daysLeft} days left\n`
  )
} else {
  process.stderr.write(`${verdict.reason}\n`)
  process.exit(1)
}

// RELIABILITY P9 gate. Electronegativity always exits 0 and tries the network first, so
// this runs it with the Electron version pinned (its `-x` cannot exclude global checks, so the
// releases check simply fails offline after a timeout), reads its CSV and fails on any HIGH or
// MEDIUM finding. Exclusions live in the code as commented `eng-disable` lines, never here.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const electronVersion = createRequire(import.meta.url)('electron/package.json').version
const out = join(root, 'out', 'electronegativity.csv')
mkdirSync(join(root, 'out'), { recursive: true })
rmSync(out, { force: true })

execFileSync(
  'npx',
  ['--yes', '@doyensec/electronegativity@1.10.3', '-i', 'src', '-e', electronVersion, '-o', out],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 }
)
if (!existsSync(out)) {
  console.error('electronegativity wrote no report')
  process.exit(1)
}

// RFC 4180 parsing (quoted fields may hold commas and newlines). Its writer sometimes emits a row it cannot
// quote properly; a row whose severity cannot be read counts as blocking, so a garbled report never passes.
function parseCsv(text) {
  const rows = [[]]
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === '\n') {
      rows.at(-1).push(field.trim())
      field = ''
      if (c === '\n') rows.push([])
    } else if (c !== '\r') field += c
  }
  rows.at(-1).push(field.trim())
  return rows.filter((row) => row.some((cell) => cell !== ''))
}
const [header, ...rows] = parseCsv(readFileSync(out, 'utf8'))
const col = (name) => header.findIndex((h) => h.toLowerCase() === name)
const [issue, file, location, severity] = ['issue', 'filename', 'location', 'severity'].map(col)
for (const row of rows) console.log(`${row[severity]}\t${row[issue]}\t${row[file]}:${row[location]}`)
const blocking = rows.filter((row) => !/^(LOW|INFORMATIONAL)$/i.test(row[severity] ?? ''))
if (blocking.length > 0) {
  console.error(
    `\n${blocking.length} HIGH/MEDIUM finding(s): fix them or explain each with an eng-disable comment.`
  )
  process.exit(1)
}
console.log(`electronegativity: ${rows.length} finding(s), none HIGH or MEDIUM`)

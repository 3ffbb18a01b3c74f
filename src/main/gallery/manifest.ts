/**
 * `manifest.json` and `manifest.csv` of an export: one entry per image. The CSV follows RFC 4180 (every
 * field quoted, quotes doubled, CRLF between records, line breaks inside a field kept) and is opened by
 * spreadsheets, so a cell that starts like a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading `'`
 * (OWASP "CSV injection"); plain numbers are left alone since no spreadsheet runs them.
 */

export interface ManifestEntry {
  file: string
  prompt: string
  revisedPrompt: string | null
  model: string
  endpoint: string
  /** `WxH` as stored, else the gateway's size label. */
  size: string
  width: number | null
  height: number | null
  seed: number | string | null
  /** "300 tokens", "1 image", or '' (for the whole job the image belongs to). */
  usage: string
  usageRaw: unknown
  billingUnit: string | null
  /** ISO 8601, UTC. */
  created: string
  jobId: string
  resultId: string
  mime: string
  bytes: number
}

export const CSV_COLUMNS = [
  ['file', (e: ManifestEntry) => e.file],
  ['prompt', (e: ManifestEntry) => e.prompt],
  ['revised_prompt', (e: ManifestEntry) => e.revisedPrompt ?? ''],
  ['model', (e: ManifestEntry) => e.model],
  ['endpoint', (e: ManifestEntry) => e.endpoint],
  ['size', (e: ManifestEntry) => e.size],
  ['seed', (e: ManifestEntry) => (e.seed === null ? '' : String(e.seed))],
  ['usage', (e: ManifestEntry) => e.usage],
  ['billing_unit', (e: ManifestEntry) => e.billingUnit ?? ''],
  ['created', (e: ManifestEntry) => e.created],
  ['job_id', (e: ManifestEntry) => e.jobId]
] as const

const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** One CSV field: formula guard, then RFC 4180 quoting. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
  return `"${guarded.replace(/"/g, '""')}"`
}

/** The whole CSV, with a UTF-8 BOM so spreadsheet apps read the prompts' accents and emoji right. */
export function manifestCsv(entries: readonly ManifestEntry[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => csvCell(name)).join(',')]
  for (const entry of entries) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(entry))).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export function manifestJson(
  entries: readonly ManifestEntry[],
  meta: { exportedAt: string; app: string; version: string }
): string {
  return `${JSON.stringify(
    {
      format: 'gateway-studio-export',
      formatVersion: 1,
      ...meta,
      count: entries.length,
      images: entries.map((e) => ({
        file: e.file,
        prompt: e.prompt,
        revisedPrompt: e.revisedPrompt,
        model: e.model,
        endpoint: e.endpoint,
        size: e.size,
        width: e.width,
        height: e.height,
        seed: e.seed,
        usage: e.usage,
        usageReported: e.usageRaw,
        billingUnit: e.billingUnit,
        created: e.created,
        jobId: e.jobId,
        resultId: e.resultId,
        mime: e.mime,
        bytes: e.bytes
      }))
    },
    null,
    2
  )}\n`
}

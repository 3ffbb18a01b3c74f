import type { UsageReport, UsageRow } from '../../shared/schemas/gallery'

/**
 * Reading the gateway's usage objects. Token figures come under several names depending on the endpoint
 * (docs/GATEWAY.md §5): `total_tokens`, else input + output, else prompt + completion.
 * Image counts: `generated_images` (partner-a); otherwise the caller counts the images we stored.
 */

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

export function tokensOf(usage: unknown): number | null {
  const u = record(usage)
  if (!u) return null
  const total = num(u.total_tokens)
  if (total !== null) return total
  const input = num(u.input_tokens)
  const output = num(u.output_tokens)
  if (input !== null || output !== null) return (input ?? 0) + (output ?? 0)
  const prompt = num(u.prompt_tokens)
  const completion = num(u.completion_tokens)
  if (prompt !== null || completion !== null) return (prompt ?? 0) + (completion ?? 0)
  return null
}

export function imagesOf(usage: unknown): number | null {
  return num(record(usage)?.generated_images)
}

/** What one job counts for: its tokens if token-billed, its images if image-billed; null if nothing. */
export function jobUsage(
  billingUnit: string | null,
  usage: unknown,
  storedImages: number
): { tokens: number; images: number; other: boolean } | null {
  if (billingUnit === 'token') {
    const tokens = tokensOf(usage)
    return tokens === null ? null : { tokens, images: 0, other: false }
  }
  if (billingUnit === 'image') {
    const images = imagesOf(usage) ?? storedImages
    return images > 0 || usage !== null ? { tokens: 0, images, other: false } : null
  }
  return usage === null && storedImages === 0 ? null : { tokens: 0, images: 0, other: true }
}

/** "300 tokens", "1 image": the usage of a job in words (manifest, detail). */
export function usageSummary(billingUnit: string | null, usage: unknown, storedImages: number): string {
  const figures = jobUsage(billingUnit, usage, storedImages)
  if (!figures || figures.other) return ''
  if (billingUnit === 'token') return `${figures.tokens} token${figures.tokens === 1 ? '' : 's'}`
  return `${figures.images} image${figures.images === 1 ? '' : 's'}`
}

export interface UsageJob {
  createdAt: number
  model: string
  profileId: string
  billingUnit: string | null
  usage: unknown
  storedImages: number
}

/** `YYYY-MM-DD` of an instant in a time zone (throws RangeError for an unknown zone). */
export function dayFormatter(timeZone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit'
  })
  return (at) => format.format(at)
}

const emptyRow = (key: string, label: string | null): UsageRow => ({
  key,
  label,
  jobs: 0,
  tokens: 0,
  images: 0,
  otherJobs: 0
})

/** Totals by day (newest first), by model and by profile (largest first). */
export function buildUsageReport(
  jobs: Iterable<UsageJob>,
  timeZone: string,
  profileName: (id: string) => string | null
): UsageReport {
  const dayOf = dayFormatter(timeZone)
  const total = emptyRow('total', 'Total')
  const days = new Map<string, UsageRow>()
  const models = new Map<string, UsageRow>()
  const profiles = new Map<string, UsageRow>()
  const bump = (map: Map<string, UsageRow>, key: string, label: () => string | null): UsageRow => {
    let row = map.get(key)
    if (!row) {
      row = emptyRow(key, label())
      map.set(key, row)
    }
    return row
  }
  for (const job of jobs) {
    const figures = jobUsage(job.billingUnit, job.usage, job.storedImages)
    if (!figures) continue
    const day = dayOf(job.createdAt)
    for (const row of [
      total,
      bump(days, day, () => day),
      bump(models, job.model, () => job.model),
      bump(profiles, job.profileId, () => profileName(job.profileId))
    ]) {
      row.jobs += 1
      row.tokens += figures.tokens
      row.images += figures.images
      if (figures.other) row.otherJobs += 1
    }
  }
  const bySize = (a: UsageRow, b: UsageRow): number =>
    b.jobs - a.jobs || b.tokens - a.tokens || a.key.localeCompare(b.key)
  return {
    total,
    byDay: [...days.values()].sort((a, b) => b.key.localeCompare(a.key)),
    byModel: [...models.values()].sort(bySize),
    byProfile: [...profiles.values()].sort(bySize),
    timeZone
  }
}

import type { PreflightIssue } from './checks'

/**
 * Extra JSON fields: a pre-flight judges the body as the gateway receives it, so the request's and the
 * gateway profile's extras are merged in first, and an issue about a value one of them supplied says where
 * it came from and where to change it.
 */

/** The gateway profile's side of a request as the checks need it: its name and its extra JSON fields. */
export interface ProfileExtraFields {
  name: string
  extraFields: Readonly<Partial<Record<string, Readonly<Record<string, unknown>>>>>
}

/** Where extras are merged: the endpoint's key among the profile's extras, its path, its hidden names. */
export interface MergeTarget {
  key: string
  path: string
  /** Wire names of the fields whose names the spec hides, by the request's own (logical) name. */
  hidden: Readonly<Record<string, string>>
}

interface Provenance {
  source: 'request' | 'profile'
  wireName: string
  value: unknown
}

/**
 * Runs an endpoint's checks on the body the gateway will receive: the request's fields over the request's
 * extras over the profile's extras, as the client merges them (an extra never overrides a field the request
 * sets). An extra under one of the hidden names is that field on the wire; everywhere else the wire name
 * is the logical name. Issues about a value an extra supplied say so; one from the profile's extras names
 * the profile and where in Settings to change it (a profile `n` used to go unchecked to v2,
 * partner-a and partner-b). The renderer runs this as the user types, the backend on submit and again
 * before sending.
 */
export function preflightMerged(
  target: MergeTarget,
  input: Readonly<Record<string, unknown>>,
  requestExtra: Readonly<Record<string, unknown>> | undefined,
  profile: ProfileExtraFields | undefined,
  check: (merged: Record<string, unknown>) => PreflightIssue[]
): PreflightIssue[] {
  const hidden = target.hidden
  const logicalOf = new Map(Object.entries(hidden).map(([logical, wire]) => [wire, logical]))
  const merged: Record<string, unknown> = { ...input }
  const provenance = new Map<string, Provenance>()
  const layers = [
    { source: 'request', values: requestExtra },
    { source: 'profile', values: profile?.extraFields[target.key] }
  ] as const
  for (const { source, values } of layers) {
    for (const [wireName, value] of Object.entries(values ?? {})) {
      // `extra` is the request's container for its extras, never judged as one of them.
      if (wireName === 'extra') continue
      // A logical name sent under another wire name is not that field when it appears as an extra.
      const logical = logicalOf.get(wireName) ?? (wireName in hidden ? undefined : wireName)
      if (logical === undefined || merged[logical] !== undefined) continue
      merged[logical] = value
      provenance.set(logical, { source, wireName, value })
    }
  }
  return check(merged).map((issue) => {
    const from = provenance.get(issue.field.split(/[.[]/)[0] ?? issue.field)
    if (!from) return issue
    if (from.source === 'request') return { ...issue, source: 'request' }
    return {
      ...issue,
      source: 'profile',
      message: profileExtraMessage(issue, from, profile),
      profile: { wireName: from.wireName, ...(profile?.name ? { name: profile.name } : {}) }
    }
  })
}

/**
 * A profile extra's issue, rule first as every issue is, then where the value comes from and where in
 * Settings to change it: "Pick 1K, 2K or 4K (resolution: 8K), set by this gateway's extra JSON fields as
 * `resolution`: change or remove it in Settings › Gateways › Acme › Extra JSON fields."
 */
function profileExtraMessage(
  issue: PreflightIssue,
  from: Provenance,
  profile: ProfileExtraFields | undefined
): string {
  const where = `Settings › Gateways › ${profile?.name ? `${profile.name} › ` : ''}Extra JSON fields`
  const field = `\`${from.wireName}\``
  if (issue.notAccepted) {
    return `This endpoint takes no ${field}: remove it from this gateway's extra JSON fields in ${where}.`
  }
  return `${issue.message.replace(/\.$/, '')}, set by this gateway's extra JSON fields as ${field}: change or remove it in ${where}.`
}

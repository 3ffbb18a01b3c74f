import { z } from 'zod'

/**
 * What a job is, as the Queue's filters, the engine's send lanes and the notices tell jobs apart. Each
 * endpoint descriptor names the kind of the jobs it makes (`jobKind`); everything else is derived from this
 * list. A new kind is a line here (with how many of its sends may run at once) and the descriptor that
 * names it; the database also checks kinds (migration 003), so it needs a migration to accept a new one.
 */
export const JOB_KINDS = ['image', 'edit', 'video'] as const
export const JobKind = z.enum(JOB_KINDS)
export type JobKind = z.output<typeof JobKind>

/** How many sends of each kind may be in flight at once by default (ours; RELIABILITY's engine figures). */
export const DEFAULT_SEND_CONCURRENCY: Readonly<Record<JobKind, number>> = { image: 3, edit: 2, video: 2 }

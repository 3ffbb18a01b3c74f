import { descriptorOf, namesOf } from '../gateway/endpoints'
import { placeholderOf } from '../gateway/endpoints/media'
import { checkModelEndpoint, type PreflightIssue, type ProfileExtras } from '../gateway/preflight'
import type { JobRequest } from './jobs'

/**
 * Every limit of the spec for one job, before anything is stored or sent: its endpoint's pre-flight
 * (`descriptor.check`) on the request the job will send, with references as the gateway will see them (a
 * URL as itself, a library item as a data URI). The renderer runs the same function as the user types; the
 * backend runs it again on submit (the renderer is not trusted). With the gateway profile, its extra JSON
 * fields are checked as part of the body they are merged into, under the profile's field names.
 */
export function preflightJob(
  request: JobRequest,
  model?: { readonly id: string; readonly supported_endpoints?: readonly string[] },
  profile?: ProfileExtras
): PreflightIssue[] {
  const descriptor = descriptorOf(request.endpoint)
  const media = (descriptor.media?.(request) ?? []).map(placeholderOf)
  return [
    ...checkModelEndpoint(model, request.endpoint),
    ...descriptor.check(descriptor.toRequest(request, media, 'check'), {
      names: namesOf(descriptor, profile?.fieldMap),
      profile,
      stream: descriptor.stream?.when(request) ?? false
    })
  ]
}

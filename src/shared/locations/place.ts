import type { LocationSettings } from '../schemas/locations'

/**
 * Where a location's objects are: two settings with the same place hold the same team library. Moving a
 * saved location to another place starts afresh there (the backend forgets what it sent and read, and
 * unlinks its boards); Settings warns before it does.
 */
export function placeOf(settings: LocationSettings): string {
  switch (settings.kind) {
    case 's3':
      return JSON.stringify(['s3', settings.endpoint.replace(/\/+$/, ''), settings.bucket, settings.prefix])
    case 'webdav':
      return JSON.stringify(['webdav', settings.url.replace(/\/+$/, '')])
    case 'folder':
      return JSON.stringify(['folder', settings.path.replace(/[\\/]+$/, '')])
  }
}

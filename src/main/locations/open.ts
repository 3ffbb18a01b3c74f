import { originOf } from '../../shared/gateway/baseUrl'
import type { LocationCheck, LocationCredentials, LocationSettings } from '../../shared/schemas/locations'
import type { MediaStore } from '../library/mediaStore'
import { LocationError } from './errors'
import { FolderMediaStore } from './folderStore'
import { S3MediaStore } from './s3Store'
import { WebdavMediaStore } from './webdavStore'

/** A location's store, with the check a "Test connection" runs and what to release afterwards. */
export interface OpenLocation {
  store: MediaStore
  probe(): Promise<void>
  close(): void
}

/** The origin a location's credentials are bound to (P43); a folder has none. */
export function locationOrigin(settings: LocationSettings): string | null {
  switch (settings.kind) {
    case 's3':
      return originOf(settings.endpoint)
    case 'webdav':
      return originOf(settings.url)
    case 'folder':
      return null
  }
}

/** Where a location's objects are: two settings with the same place hold the same team library. */
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

/**
 * The store for a location. An S3 bucket with no credentials is opened with none (a public bucket answers
 * reads; writes are refused as `denied`), so a missing key reads as a refusal, not a crash.
 */
export function openLocation(
  settings: LocationSettings,
  credentials: LocationCredentials | null,
  options: { draftDir: string; requestTimeoutMs?: number }
): OpenLocation {
  switch (settings.kind) {
    case 's3': {
      const keys = credentials?.kind === 's3' ? credentials : { accessKeyId: '', secretAccessKey: '' }
      const store = new S3MediaStore(
        {
          endpoint: settings.endpoint,
          region: settings.region,
          bucket: settings.bucket,
          prefix: settings.prefix,
          pathStyle: settings.pathStyle
        },
        { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
        options
      )
      return { store, probe: () => store.probe(), close: () => store.close() }
    }
    case 'webdav': {
      const login =
        credentials?.kind === 'webdav'
          ? { username: credentials.username, password: credentials.password }
          : null
      const store = new WebdavMediaStore({ url: settings.url }, login, options)
      return { store, probe: () => store.probe(), close: () => undefined }
    }
    case 'folder': {
      const store = new FolderMediaStore({ path: settings.path })
      return { store, probe: () => store.probe(), close: () => undefined }
    }
  }
}

/** Runs a location's check and says what it found, as the list keeps it. */
export async function checkLocation(location: OpenLocation, now: () => number): Promise<LocationCheck> {
  try {
    await location.probe()
    return { ok: true, problem: null, status: null, checkedAt: now() }
  } catch (error) {
    if (error instanceof LocationError)
      return { ok: false, problem: error.kind, status: error.status ?? null, checkedAt: now() }
    return { ok: false, problem: 'failed', status: null, checkedAt: now() }
  } finally {
    location.close()
  }
}

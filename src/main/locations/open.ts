import { originOf } from '../../shared/gateway/baseUrl'
import type { LocationCheck, LocationCredentials, LocationSettings } from '../../shared/schemas/locations'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { checkKey, type MediaStore } from '../library/mediaStore'
import { LocationError } from './errors'
import { FolderMediaStore } from './folderStore'

/** A location's store, with the check a "Test connection" runs and what to release afterwards. */
export interface OpenLocation {
  store: MediaStore
  probe(): Promise<void>
  close(): void
  /**
   * Where a person without the app opens `key`: on a bucket a pre-signed link that works for `seconds`
   * from `signedAt` (then `expiresAt`); on a WebDAV server its address there (the server asks for a
   * login); in a shared folder its file address. The last two work until the file is removed.
   */
  link(key: string, lifetime: { seconds: number; signedAt: number }): Promise<ReviewLink>
}

export interface ReviewLink {
  url: string
  expiresAt: number | null
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

/**
 * The store for a location. An S3 bucket with no credentials is opened with none (a public bucket answers
 * reads; writes are refused as `denied`), so a missing key reads as a refusal, not a crash. The S3 and
 * WebDAV clients are loaded when a location of theirs is first opened: together they were about a quarter
 * of a second of every start, for people who have no such location.
 */
export async function openLocation(
  settings: LocationSettings,
  credentials: LocationCredentials | null,
  options: { draftDir: string; requestTimeoutMs?: number }
): Promise<OpenLocation> {
  switch (settings.kind) {
    case 's3': {
      const { S3MediaStore } = await import('./s3Store')
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
      return {
        store,
        probe: () => store.probe(),
        close: () => store.close(),
        link: async (key, { seconds, signedAt }) => ({
          url: await store.presign(key, seconds, new Date(signedAt)),
          expiresAt: signedAt + seconds * 1000
        })
      }
    }
    case 'webdav': {
      const { WebdavMediaStore } = await import('./webdavStore')
      const login =
        credentials?.kind === 'webdav'
          ? { username: credentials.username, password: credentials.password }
          : null
      const store = new WebdavMediaStore({ url: settings.url }, login, options)
      return {
        store,
        probe: () => store.probe(),
        close: () => undefined,
        link: (key) => Promise.resolve({ url: store.addressOf(key), expiresAt: null })
      }
    }
    case 'folder': {
      const store = new FolderMediaStore({ path: settings.path })
      return {
        store,
        probe: () => store.probe(),
        close: () => undefined,
        link: (key) =>
          Promise.resolve({ url: pathToFileURL(join(settings.path, checkKey(key))).href, expiresAt: null })
      }
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

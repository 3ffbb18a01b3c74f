import { createHash } from 'node:crypto'
import { renameSync } from 'node:fs'
import type { ImageRecord } from '../../src/main/sync/teamLibrary'
import type { LocationCredentials, LocationSettings } from '../../src/shared/schemas/locations'
import { startS3Server } from './s3Server'
import { makeTempDir } from './tempDir'
import { startWebdavServer } from './webdavServer'

/** A team location of one kind, on real servers started for the test, and how to stop them. */
export interface TeamPlace {
  settings: LocationSettings
  credentials: LocationCredentials | null
  /** Puts the location out of reach (the server stopped, the folder gone) with what it holds kept. */
  away(): Promise<void>
  /** Brings it back where it was, holding what it held. */
  back(): Promise<void>
  stop(): Promise<void>
}

/** The three kinds of location, each started fresh: a bucket (s3rver), a WebDAV server (rclone), a folder. */
export const TEAM_PLACES = {
  'a bucket': async (): Promise<TeamPlace> => {
    const s3 = await startS3Server({ buckets: ['team-library'] })
    return {
      settings: {
        kind: 's3',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'team-library',
        prefix: 'studio/',
        pathStyle: true
      },
      credentials: { kind: 's3', ...s3.credentials },
      away: () => s3.away(),
      back: () => s3.back(),
      stop: () => s3.stop()
    }
  },
  'a WebDAV server': async (): Promise<TeamPlace> => {
    const dav = await startWebdavServer()
    return {
      settings: { kind: 'webdav', url: dav.url },
      credentials: { kind: 'webdav', ...dav.credentials },
      away: () => dav.away(),
      back: () => dav.back(),
      stop: () => dav.stop()
    }
  },
  'a shared folder': (): Promise<TeamPlace> => {
    const temp = makeTempDir('gs-team-folder-')
    return Promise.resolve({
      settings: { kind: 'folder', path: temp.dir },
      credentials: null,
      // As a NAS unmounted: the path is not there, and comes back whole.
      away: () => Promise.resolve(renameSync(temp.dir, `${temp.dir}-away`)),
      back: () => Promise.resolve(renameSync(`${temp.dir}-away`, temp.dir)),
      stop: () => Promise.resolve(temp.cleanup())
    })
  }
} as const

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** The team record of a PNG made by Ana, with no prompt or model. */
export const pngRecord = (bytes: Buffer, width: number, height: number): ImageRecord => ({
  sha256: sha256Of(bytes),
  type: 'image/png',
  size: bytes.length,
  width,
  height,
  author: 'Ana',
  createdAt: 1,
  prompt: null,
  model: null
})

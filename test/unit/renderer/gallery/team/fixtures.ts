import { useTeamStore } from '@renderer/features/gallery/team/store'
import type { Board } from '@shared/schemas/boards'
import type { GalleryDetail } from '@shared/schemas/gallery'
import type { LocationView } from '@shared/schemas/locations'
import { noSettings } from '../../../../helpers/provenance'
import { galleryDetail } from '../fixtures'

/** A shared folder saved in Settings › Team locations. */
export const folder: LocationView = {
  id: 'loc-folder',
  name: 'Studio share',
  settings: { kind: 'folder', path: '/mnt/team/studio' },
  hasCredentials: false,
  credentialHint: null,
  lastCheck: { ok: true, problem: null, status: null, checkedAt: 1 },
  createdAt: 1
}

/** A bucket saved beside it. */
export const bucket: LocationView = {
  id: 'loc-bucket',
  name: 'Agency bucket',
  settings: {
    kind: 's3',
    endpoint: 'https://s3.example.com',
    region: 'us-east-1',
    bucket: 'team-library',
    prefix: 'studio/',
    pathStyle: true
  },
  hasCredentials: true,
  credentialHint: '…ABCD',
  lastCheck: null,
  createdAt: 2
}

export const boardOf = (id: string, name: string, count: number): Board => ({
  id,
  name,
  count,
  cover: [],
  createdAt: 1
})

/** The team's part of the gallery as a fresh window has it: nothing known yet. */
export function resetTeam(): void {
  useTeamStore.setState({
    locations: null,
    shared: {},
    syncing: null,
    summary: null,
    failures: [],
    pinned: {}
  })
}

/** An image a team sync brought in: as `bringIn` (src/main/sync/teamSync.ts) records it. */
export const teamImage = (locationId: string, patch: Partial<GalleryDetail> = {}): GalleryDetail =>
  galleryDetail({
    id: 'r9',
    jobId: 'imported-job',
    mediaId: '9'.repeat(32),
    width: 24,
    height: 16,
    bytes: 512,
    sizeLabel: null,
    prompt: 'a paper boat on a pond',
    params: {},
    seed: null,
    model: '',
    endpoint: '',
    profileId: '',
    profileName: null,
    billingUnit: null,
    imported: {
      file: 'ana',
      settings: { ...noSettings('gateway-studio'), prompt: 'a paper boat on a pond' },
      team: { author: 'ana', locationId }
    },
    ...patch
  })

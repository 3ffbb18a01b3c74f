import { useTeamStore } from '@renderer/features/gallery/team/store'
import type { Board } from '@shared/schemas/boards'
import type { LocationView } from '@shared/schemas/locations'

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

import type { Migration } from '../migrate'
import { migration001Settings } from './001_settings'
import { migration002Profiles } from './002_profiles'
import { migration003JobsLibrary } from './003_jobs_library'
import { migration004Chat } from './004_chat'
import { migration005KeyOrigins } from './005_key_origins'
import { migration006GalleryScale } from './006_gallery_scale'
import { migration007ChatBranches } from './007_chat_branches'
import { migration008Boards } from './008_boards'
import { migration009Presets } from './009_presets'
import { migration010NameKeys } from './010_name_keys'
import { migration011JobGroups } from './011_job_groups'
import { migration012QueueControl } from './012_queue_control'
import { migration013LaneLimits } from './013_lane_limits'
import { migration014BatchSources } from './014_batch_sources'
import { migration015Money } from './015_money'
import { migration016Verdicts } from './016_verdicts'
import { migration017Imports } from './017_imports'
import { migration018TeamLocations } from './018_team_locations'
import { migration019SyncJournal } from './019_sync_journal'
import { migration020TeamLinks } from './020_team_links'
import { migration021TeamBase } from './021_team_base'
import { migration022StarsNotes } from './022_stars_notes'
import { migration023ReviewShares } from './023_review_shares'
import { migration024TeamDeletes } from './024_team_deletes'
import { migration025TeamBatches } from './025_team_batches'
import { migration026GalleryCounts } from './026_gallery_counts'
import { migration027GalleryFacets } from './027_gallery_facets'
import { migration028BoardCounts } from './028_board_counts'
import { migration029TeamFiles } from './029_team_files'
import { migration030JobsByKind } from './030_jobs_by_kind'

/** Ordered; a migration is never edited once released, only followed by a new one. */
export const migrations: readonly Migration[] = [
  migration001Settings,
  migration002Profiles,
  migration003JobsLibrary,
  migration004Chat,
  migration005KeyOrigins,
  migration006GalleryScale,
  migration007ChatBranches,
  migration008Boards,
  migration009Presets,
  migration010NameKeys,
  migration011JobGroups,
  migration012QueueControl,
  migration013LaneLimits,
  migration014BatchSources,
  migration015Money,
  migration016Verdicts,
  migration017Imports,
  migration018TeamLocations,
  migration019SyncJournal,
  migration020TeamLinks,
  migration021TeamBase,
  migration022StarsNotes,
  migration023ReviewShares,
  migration024TeamDeletes,
  migration025TeamBatches,
  migration026GalleryCounts,
  migration027GalleryFacets,
  migration028BoardCounts,
  migration029TeamFiles,
  migration030JobsByKind
]

/**
 * What a sync does here when the team library no longer holds an image this gallery has linked to it
 * (someone chose "Delete for everyone"). Pure: `TeamSync` reads the links and the gallery, and deletes.
 */

/** A gallery image with the bytes of a team image, and where it came from. */
export interface GalleryCopy {
  resultId: string
  sha256: string
  /** The location a sync brought it in from; null for an image made or imported here. */
  broughtFrom: string | null
}

/** The team images (content hashes) linked here that the merged team state no longer holds. */
export function goneFromTeam(linked: Iterable<string>, inTeam: ReadonlySet<string>): string[] {
  const gone: string[] = []
  for (const sha of linked) if (!inTeam.has(sha)) gone.push(sha)
  return gone
}

/**
 * The gallery images to delete for team images gone from a team library: the copies a sync brought in
 * from a team, unless another location this gallery syncs with still holds the same image
 * (`linkedElsewhere`: that library's sync would not bring it back, its link being there).
 *
 * An image made or imported here is never deleted, even when this designer published it and a teammate
 * deleted it for everyone: the team library held a copy of it, and a teammate's delete speaks for that
 * copy, not for someone else's own work, which may be nowhere else. It only leaves the team boards (the
 * sync takes it off the linked boards, as for any image the team board no longer has).
 */
export function copiesToDelete(
  copies: readonly GalleryCopy[],
  linkedElsewhere: ReadonlySet<string>
): string[] {
  return copies
    .filter((copy) => copy.broughtFrom !== null && !linkedElsewhere.has(copy.sha256))
    .map((copy) => copy.resultId)
}

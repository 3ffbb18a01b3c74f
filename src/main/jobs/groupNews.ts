import { Coalesced } from '../time/coalesced'

/**
 * A batch's band follows its jobs: each change of a grouped job (a send, a result, words about budget) is
 * told to the group as `groups.updated`, coalesced so a batch of thousands finishing quickly is read once
 * per `delayMs`, not once per job. The first change of a quiet group is told after `delayMs` at most, the
 * last one always.
 */
export class GroupNews extends Coalesced {
  constructor(tell: (groupId: string) => void, delayMs = 250) {
    super((groupIds) => {
      for (const groupId of groupIds) tell(groupId)
    }, delayMs)
  }

  changed(groupId: string): void {
    this.add(groupId)
  }
}

import { say, type Said, type SentenceCode, type SentenceValues } from '../../shared/sentences'

/**
 * A reason the backend refuses to start on a data folder, in a sentence the shells say in the user's
 * language (the web host's command line, the desktop app's dialog): another Gateway Studio has it open,
 * its database is damaged, it is read-only. Nothing has been written when this is thrown.
 */
export class StartProblem extends Error {
  readonly said: Said
  constructor(
    code: SentenceCode,
    values: SentenceValues,
    /** What the folder holds that the shells can offer to open instead (a backup, say). */
    readonly offers: StartOffers = {}
  ) {
    const said = say(code, values)
    super(said.english)
    this.name = 'StartProblem'
    this.said = said
  }
}

export interface StartOffers {
  /** The newest backup of the database, if there is one: its file and the time it was taken. */
  backup?: { file: string; takenAt: number }
}

import { describe, expect, it } from 'vitest'
import { electronPins } from '../../../../scripts/electron/paths'
import { readSupportTable, supportVerdict, type SupportRow } from '../../../../scripts/electron/support'

const table: SupportRow[] = [{ major: 45, stable: '2026-10-20', endOfSupport: '2027-04-06', estimated: true }]

describe('Electron support window [P10]', () => {
  it('passes before the end-of-support date and counts the days left', () => {
    const verdict = supportVerdict(table, '45.4.1', new Date('2027-04-01T12:00:00Z'))
    expect(verdict).toMatchObject({ ok: true, daysLeft: 5 })
  })

  it('fails on and after the end-of-support date, saying what to do', () => {
    for (const day of ['2027-04-06T00:00:00Z', '2027-09-01T00:00:00Z']) {
      const verdict = supportVerdict(table, '45.4.1', new Date(day))
      expect(verdict.ok).toBe(false)
      if (!verdict.ok)
        expect(verdict.reason).toMatch(/^Electron 45 reached end of support on 2027-04-06.*upgrade/)
    }
  })

  it('fails for a major the table does not list, so an upgrade must bring its date', () => {
    const verdict = supportVerdict(table, '46.0.0', new Date('2027-01-01T00:00:00Z'))
    expect(verdict).toEqual({
      ok: false,
      reason: 'Electron 46 is not in scripts/electron/electron-support.json: add its end-of-support date'
    })
  })

  // The gate itself: turns red the day the pinned Electron ages out of support.
  it('the pinned Electron is supported today', () => {
    const { electron } = electronPins()
    const verdict = supportVerdict(readSupportTable(), electron, new Date())
    expect(verdict.ok ? 'supported' : verdict.reason).toBe('supported')
  })
})

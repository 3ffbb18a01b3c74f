import { afterEach, describe, expect, it } from 'vitest'
import { PriceStore } from '../../../../src/main/money/priceStore'
import { PriceTable } from '../../../../src/shared/money'
import { moneyDb } from './moneyDb'

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

function store(name: string) {
  const made = moneyDb(name)
  cleanup = made.cleanup
  return { ...made, prices: new PriceStore(made.db, () => 5_000) }
}

const TABLE = PriceTable.parse({
  version: 1,
  currency: 'USD',
  models: {
    'studio-image-v3': { unit: 'image', price: '0.04', bySize: [{ size: '2048x2048', price: '0.08' }] },
    'studio-chat': { unit: 'tokens', inputPerMillion: '1.25', outputPerMillion: '10' }
  }
})

describe('price tables per profile [P50]', () => {
  it('keeps a profile’s table as the price file’s JSON, and reads it back after a restart', () => {
    const { prices, db } = store('kept')
    expect(prices.get('demo')).toBeNull()
    prices.set('demo', TABLE)
    expect(prices.get('demo')).toEqual(TABLE)
    const row = db.prepare('SELECT prices FROM price_tables WHERE profile_id = ?').get('demo') as {
      prices: string
    }
    // Amounts as decimal text: what a designer would export.
    expect(row.prices).toContain('"price":"0.04"')
    expect(new PriceStore(db, () => 6_000).get('demo')).toEqual(TABLE)
    prices.set('demo', null)
    expect(new PriceStore(db, () => 6_000).get('demo')).toBeNull()
  })

  it('counts a row it cannot read as no table', () => {
    const { db } = store('damaged')
    db.prepare(
      "INSERT INTO price_tables (profile_id, prices, updated_at) VALUES ('demo', '{\"version\":9}', 1)"
    ).run()
    expect(new PriceStore(db, () => 1).get('demo')).toBeNull()
  })

  it('imports a file that is a table and keeps it; a file with problems changes nothing', () => {
    const { prices } = store('import')
    prices.set('demo', TABLE)
    const bad = prices.import(
      'demo',
      '{"version":1,"currency":"USD","models":{"x":{"unit":"image","price":"0,05"}}}',
      'json'
    )
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.issues[0]).toMatchObject({ code: 'amount_uses_comma' })
    expect(prices.get('demo')).toEqual(TABLE)

    const csv = 'model,unit,price\nwan-image,image,0.05\n'
    // The CSV's prices are in the table's currency when none is named, or in the one named.
    const read = prices.import('demo', csv, 'csv')
    expect(read).toMatchObject({
      ok: true,
      table: { currency: 'USD', models: { 'wan-image': { price: 50_000 } } }
    })
    expect(prices.get('demo')?.models['studio-image-v3']).toBeUndefined()
    expect(prices.import('demo', csv, 'csv', 'CNY')).toMatchObject({ ok: true, table: { currency: 'CNY' } })
  })

  it('refuses a CSV file without a currency for a profile that has no table yet', () => {
    const { prices, other } = store('currency')
    expect(prices.import(other, 'model,unit,price\nm,image,1\n', 'csv')).toEqual({
      ok: false,
      issues: [{ code: 'currency_invalid', values: { value: '' } }]
    })
    expect(prices.get(other)).toBeNull()
  })

  it('exports the table in either format, and nothing without one', () => {
    const { prices, other } = store('export')
    prices.set('demo', TABLE)
    const json = prices.export('demo', 'json')
    const csv = prices.export('demo', 'csv')
    expect(json).toContain('"currency": "USD"')
    expect(csv?.split('\n')[0]).toContain('model')
    expect(prices.import(other, json ?? '', 'json')).toEqual({ ok: true, table: TABLE })
    expect(prices.export('nobody', 'json')).toBeNull()
  })
})

/**
 * English words of a gateway's lanes in Settings (RELIABILITY P49): how many requests of each endpoint go
 * at once and per minute, and what the queue is doing on each; see ../en.ts.
 */
export const sending = {
  title: 'Sending',
  intro:
    'How many requests of each endpoint go to this gateway at once, and how many may start in any minute. The queue keeps to these. If the gateway still asks it to slow down, it waits as long as asked and sends fewer at once for a while, without failing anything.',
  table: 'Limits per endpoint',
  endpoint: 'Endpoint',
  atOnce: 'At once',
  perMinute: 'Per minute',
  noLimit: 'No limit',
  now: 'Now',
  save: 'Save',
  useDefaults: 'Use defaults',
  yours: 'Set by you',
  defaults: 'Defaults: {{atOnce}} at once, no limit per minute',
  idle: 'Nothing waiting',
  busy: '{{running}} sending · {{waiting}} waiting',
  held: 'The gateway asked to wait until {{time}}',
  slowed: 'Slowed to {{count}} at a time after the gateway asked',
  atOnceFor: 'At once for {{endpoint}}',
  perMinuteFor: 'Per minute for {{endpoint}}',
  invalid:
    'At once takes a whole number from 1 to 32. Per minute takes a whole number from 1 to 10,000, or stays empty for no limit.'
}

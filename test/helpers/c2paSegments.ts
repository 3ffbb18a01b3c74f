/**
 * A JPEG-XT APP11 segment holding a JUMBF superbox whose description names c2pa (by its UUID and its
 * label): how C2PA stores a manifest in a JPEG, as a stand-in with no manifest inside.
 */
export function c2paApp11(): Buffer {
  const uuid = Buffer.from('6332706100110010800000aa00389b71', 'hex')
  const jumd = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from('jumd'),
    uuid,
    Buffer.from([0x03]),
    Buffer.from('c2pa\0')
  ])
  jumd.writeUInt32BE(jumd.length, 0)
  const jumb = Buffer.concat([Buffer.alloc(4), Buffer.from('jumb'), jumd])
  jumb.writeUInt32BE(jumb.length, 0)
  const payload = Buffer.concat([Buffer.from('JP'), Buffer.from([0, 1, 0, 0, 0, 1]), jumb])
  const segment = Buffer.concat([Buffer.from([0xff, 0xeb, 0, 0]), payload])
  segment.writeUInt16BE(payload.length + 2, 2)
  return segment
}

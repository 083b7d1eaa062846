// Hostile inputs the fuzzer mixes into otherwise well-formed requests (test/fuzz/fuzz.test.ts).

/** Strings that have broken SQL builders, HTML renderers and template engines elsewhere. */
export const INJECTION_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; select pg_sleep(5)",
  "' UNION SELECT id, password_hash FROM users --",
  "%",
  "_",
  "%_%",
  "\\",
  "\\'",
  "$1",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  '"><iframe src="https://evil.example">',
  "{{7*7}}",
  ["$", "{7*7}"].join(""),
  "<!--",
  "]]>",
  '=HYPERLINK("https://evil.example")',
  "+1+1",
  "@SUM(A1)",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f",
  "null",
  "undefined",
  "true",
  "NaN",
  "__proto__",
  "constructor",
];

/** Unicode that trips encoders, databases and length checks. */
export const UNICODE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\u202Eevil\u202C",
  "שלום עולם",
  "مرحبا",
  "😀👨‍👩‍👧‍👦🐄",
  "\uFEFFbom",
  "e\u0301\u0301\u0301",
  "\u200B\u200C\u200D",
  "İıß",
  "Ж".repeat(64),
  "\r\n\t\v\f",
  "\u0085\u2028\u2029",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "  ",
];

/** Numbers (and number-like strings) at and past every boundary. */
export const HOSTILE_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "1e999",
  "0x1F",
  "1.0",
  " 1 ",
  "00001",
  "9".repeat(400),
];

/** Values of the wrong JSON type for anything. */
export const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, "", "x", [], {}, [null], { a: 1 }, [[]], [{}]];

export const HUGE_STRING_LENGTH = 100_000;

/** Deep nesting, as JSON the parser accepts. */
export function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

export function deepObject(depth: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Bodies sent as they are with Content-Type application/json: none of them is a JSON value we can use. */
export const MALFORMED_JSON = [
  "",
  "{",
  '{"a":',
  "[1,]",
  "{'a': 1}",
  "nul",
  "\u0000",
  "\uFEFF{}",
  '{"a":1}{',
  "[".repeat(5000),
  '{"__proto__": {"isSuperuser": true}}',
  '{"constructor": {"prototype": {"isSuperuser": true}}}',
  '{"a": 1, "a": 2}',
  "1e999999",
  '"\\ud800"',
  '{"a": "\\u0000"}',
  "NaN",
  "undefined",
  "   ",
];

/** Content types a JSON route does not take (plus broken ones). */
export const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/octet-stream",
  "application/json; charset=utf-16",
  "application/jsonx",
  "image/png",
  ";;;",
];

/** Path segments that are anything but a good id. */
export const HOSTILE_PATH_SEGMENTS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "99999999999999999999",
  "9007199254740993",
  "2147483648",
  "%20",
  "..",
  "..%2F..%2F",
  "%2e%2e",
  "%00",
  "%ZZ",
  "%",
  "%F0%9F%90%84",
  "%ED%A0%80",
  "%C0%AF",
  "%D0%96",
  "null",
  "undefined",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-00000000000g",
  "%27%20OR%201%3D1%20--",
  "%3Cscript%3E",
  "a".repeat(300),
];

/** First bytes of the file types the upload routes know, to get past the signature checks. */
export const FILE_SIGNATURES: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  webp: [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  docx: [0x50, 0x4b, 0x03, 0x04],
  zip: [0x50, 0x4b, 0x03, 0x04],
  txt: [],
  csv: [],
};

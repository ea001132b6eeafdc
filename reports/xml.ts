/** XML text and attribute escaping, with the characters XML 1.0 cannot hold at all (a student's \x00) dropped. */
// With the u flag a surrogate range matches only a lone surrogate: a pair is one code point.
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

export function xmlText(text: string): string {
  return text.replace(INVALID, '').replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

export function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/gu, '&quot;').replace(/\n/gu, '&#10;').replace(/\r/gu, '&#13;').replace(/\t/gu, '&#9;');
}

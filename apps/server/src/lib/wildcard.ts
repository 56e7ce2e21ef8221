/**
 * File-name patterns with `*` (any run of characters, also none); everything else is literal, case is
 * ignored, and the pattern must cover the whole name. Names come from e-mails and SFTP folders, which
 * anyone may fill: the match is linear in name and pattern together, whatever the pattern. A regular
 * expression built from the pattern (`^.*a.*a.*a…$`) backtracks: `*a*a*a*a*a*a*b` against 60 characters
 * took seconds.
 *
 * With `*` as the only wildcard, the leftmost place of each literal piece is always a right choice: the
 * first piece is a prefix, the last a suffix, and each piece between is searched (Knuth–Morris–Pratt, no
 * step back) from where the previous one ended.
 */
export function wildcardMatches(pattern: string, name: string): boolean {
  const pieces = pattern.trim().toLowerCase().split('*');
  const text = name.toLowerCase();
  if (pieces.length === 1) return text === pieces[0];
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let from = first.length;
  const end = text.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    if (piece === '') continue;
    const at = indexWithin(text, piece, from, end);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** First index ≥ from where `piece` lies wholly before `end`, or -1 (Knuth–Morris–Pratt). */
function indexWithin(text: string, piece: string, from: number, end: number): number {
  const fallback = new Array<number>(piece.length).fill(0);
  for (let index = 1, length = 0; index < piece.length; ) {
    if (piece[index] === piece[length]) fallback[index++] = ++length;
    else if (length > 0) length = fallback[length - 1]!;
    else fallback[index++] = 0;
  }
  for (let index = from, matched = 0; index < end; ) {
    if (text[index] === piece[matched]) {
      index += 1;
      matched += 1;
      if (matched === piece.length) return index - matched;
    } else if (matched > 0) {
      matched = fallback[matched - 1]!;
    } else {
      index += 1;
    }
  }
  return -1;
}

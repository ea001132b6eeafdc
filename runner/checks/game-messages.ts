/**
 * Game messages read for what they say, not how: `Player X's turn`, `Player X 's turn` and `it is Player X turn`
 * all say whose turn it is; `Player X wins in 7 moves.` and `player x wins in 7 moves!` say who won and when. A
 * game test compares these facts; the exact wording is graded once, by the test that owns it.
 */
import { boardsInText, drawBoardDiff, isSameBoard } from './boards.js';
import { messageLines } from './text.js';
import { fail, pass, type CaseVerdict } from './verdict.js';

export type GameFact =
  | { readonly kind: 'turn'; readonly who: string }
  | { readonly kind: 'win'; readonly who: string; readonly moves?: number }
  | { readonly kind: 'tie' };

/** The checker a line names: a lone X or O (`Player X's`, `X wins`), never a letter inside a word. */
function checkerNamed(line: string): string | undefined {
  return /(?:^|[^a-z0-9])([xo])(?=$|[^a-z0-9])/iu.exec(line)?.[1]?.toUpperCase();
}

/** What one message line states, if it states a fact of the game. */
export function factOf(line: string): GameFact | undefined {
  const text = line.trim();
  if (/\b(tie|tied|draw)\b/iu.test(text)) return { kind: 'tie' };
  const who = checkerNamed(text);
  if (who === undefined) return undefined;
  if (/win|won/iu.test(text)) {
    // The count is the number before "move(s)"; a repr's lookahead (`Player X (LEFT, 3) wins in 7 moves`) is not it.
    const moves = /(\d+)\s*moves?\b/iu.exec(text)?.[1] ?? /(\d+)(?!.*\d)/u.exec(text)?.[1];
    return { kind: 'win', who, ...(moves !== undefined && { moves: Number(moves) }) };
  }
  // A turn names a player and says it is theirs: a line holding the bare checker (`X`) says nothing of the game.
  if (!/[a-z]{2}/iu.test(text.replace(/(?:^|[^a-z0-9])[xo](?=$|[^a-z0-9])/giu, ' '))) return undefined;
  return { kind: 'turn', who };
}

export function gameFacts(text: string): GameFact[] {
  return messageLines(text)
    .map(factOf)
    .filter((f): f is GameFact => f !== undefined);
}

const describe = (fact: GameFact | undefined): string => {
  if (!fact) return 'no winner and no tie';
  if (fact.kind === 'tie') return 'a tie';
  if (fact.kind === 'turn') return `${fact.who}'s turn`;
  return `${fact.who} wins${fact.moves !== undefined ? ` in ${fact.moves} moves` : ''}`;
};

const isEnding = (f: GameFact) => f.kind !== 'turn';

/** How a game's ending differs from the one due, as facts: what the messages say, what was due, and in what way. */
interface EndingGap {
  /** `ended`: it should not have ended; `other`: another ending; `winner`: the same ending, another player named; `count`: another count. */
  readonly way: 'ended' | 'other' | 'winner' | 'count';
  readonly want: GameFact | undefined;
  readonly got: GameFact | undefined;
  readonly said: string;
}

/** The ending the messages state against the one due; a win message that leaves the count out is noted, not a gap. */
function endingGap(expected: string, actual: string): { gap?: EndingGap; note?: string } {
  const want = gameFacts(expected).filter(isEnding).at(-1);
  const got = gameFacts(actual).filter(isEnding).at(-1);
  const said = messageLines(actual).slice(-3).join('\n');
  if (!want) return got ? { gap: { way: 'ended', want, got, said } } : {};
  if (!got || got.kind !== want.kind) return { gap: { way: 'other', want, got, said } };
  if (want.kind !== 'win' || got.kind !== 'win') return {};
  if (got.who !== want.who) return { gap: { way: got.moves === want.moves ? 'winner' : 'other', want, got, said } };
  if (want.moves === undefined) return {};
  if (got.moves === undefined)
    return {
      note: `the win message does not say how many moves (${describe(want)} was due); its wording is graded by process_move's messages`,
    };
  return got.moves === want.moves ? {} : { gap: { way: 'count', want, got, said } };
}

/** A gap in words, after `what: `. */
function gapWords({ way, want, got, said }: EndingGap): string {
  if (way === 'ended') return `the game should not have ended, but the program said ${describe(got)}`;
  if (way === 'count' && want?.kind === 'win' && got?.kind === 'win')
    return `${want.who} wins, but in ${got.moves} moves according to the program; the game took ${want.moves} of ${want.who}'s moves (is num_moves counted for every kind of player?)`;
  return `expected the game to end with ${describe(want)}; the program's last messages say ${describe(got)}: ${JSON.stringify(said)}`;
}

/**
 * How the game ended, by meaning: the winner and the move count, or the tie. A message that leaves the count out is
 * accepted with a note; a different count or winner is a different game. Once `messagesChargedBy` (the test that
 * grades what the messages say) has failed, a win message naming the wrong player, the game's ending and count
 * right, is noted rather than charged again.
 */
export function compareEnding(what: string, expected: string, actual: string, messagesChargedBy?: string): CaseVerdict {
  const { gap, note } = endingGap(expected, actual);
  if (!gap) return note ? pass(note) : pass();
  if (gap.way === 'winner' && messagesChargedBy) return pass(`${gapWords(gap)}; ${messagesChargedBy} charges that`);
  return fail(`${what}: ${gapWords(gap)}`, expected, actual);
}

/**
 * A whole printed game by meaning: every board by its cells and in order, whose turn each message says (when the
 * program says it at all), and the ending. Wording, case, punctuation and blank lines are graded elsewhere; what the
 * messages say is too, once `messagesChargedBy` (the test that grades them) has failed: a wrong turn, or the wrong
 * winner named, is then noted, not charged again.
 */
export function compareGameByMeaning(what: string, expected: string, actual: string, messagesChargedBy?: string): CaseVerdict {
  const wantBoards = boardsInText(expected);
  const gotBoards = boardsInText(actual);
  for (const [i, board] of wantBoards.entries()) {
    const got = gotBoards[i];
    if (!got)
      return fail(
        `${what}: expected ${wantBoards.length} board${wantBoards.length === 1 ? '' : 's'} printed, found ${gotBoards.length}`,
        expected,
        actual,
      );
    if (!isSameBoard(board, got)) return fail(`${what}: board ${i + 1} printed differs\n${drawBoardDiff(board, got)}`, expected, actual);
  }
  if (gotBoards.length > wantBoards.length)
    return fail(`${what}: expected ${wantBoards.length} boards printed, found ${gotBoards.length}`, expected, actual);
  const wantTurns = gameFacts(expected)
    .filter((f) => f.kind === 'turn')
    .map((f) => (f as { who: string }).who);
  const gotTurns = gameFacts(actual)
    .filter((f) => f.kind === 'turn')
    .map((f) => (f as { who: string }).who);
  const notes: string[] = [];
  if (gotTurns.length === 0 && wantTurns.length > 0)
    notes.push("no message says whose turn it is; the turn message is graded by process_move's messages");
  else if (gotTurns.join('') !== wantTurns.join('')) {
    const turns = `the turns announced were ${gotTurns.join(', ')}; expected ${wantTurns.join(', ')}`;
    if (!messagesChargedBy) return fail(`${what}: ${turns}`, expected, actual);
    notes.push(`${turns}, which ${messagesChargedBy} charges`);
  }
  // Who the win message names is the messages' to charge; that the game ended, how (a win or a tie) and the moves
  // counted are the game's.
  const ending = compareEnding(what, expected, actual, messagesChargedBy);
  if (ending.status !== 'pass') return ending;
  if (ending.note) notes.push(ending.note);
  const worded = messageLines(expected).join('\n') === messageLines(actual).join('\n');
  if (!worded)
    notes.push('messages worded differently from the document were read for their meaning; the wording is graded once, by its own test');
  return notes.length > 0 ? pass(notes.join('; ')) : pass();
}

/**
 * The reviewed verdicts of `npm run calibrate` on `../shared/real-corpus/`: per submission its score and the tests
 * it lost. Every lost point here was read in calibration/calibration.md and judged a real deviation from the
 * document, charged once (the review's notes are in the closing notes of the change that pinned them). A verdict
 * that changes fails test/calibration/real-corpus.test.ts until it is reviewed again and pinned here.
 */
export const REVIEWED: Record<string, Record<string, string>> = {
  'cs111-ps9': {
    'Diegoamx+CS-111-Connect-4':
      '72/96 lost: aiplayer.next_move.counts-moves aiplayer.next_move.document aiplayer.next_move.generated aiplayer.scores_for.already-won aiplayer.scores_for.document aiplayer.scores_for.lookahead-0-1 aiplayer.scores_for.lookahead-2-3 aiplayer.scores_for.lookahead-4 board.is_full board.is_win_for.up-diagonal player.next_move.prompts reading.ps9pr0.present',
    'SirineBenbrahim+ConnectFour': '92/96 lost: board.is_win_for.random board.reset reading.ps9pr0.present',
    'a-yannarouse+Connect-Four': '89/96 lost: board.add_checker board.is_win_for.random process_move.messages reading.ps9pr0.present',
    // Its games go wrong through is_full, next_move, the AI's repr and process_move's turn lines, each charged by its
    // own tests: replayed with the document's versions they play right.
    'aeleonu+Connect-4':
      '76/96 lost: aiplayer.max_score_column.random aiplayer.next_move.document aiplayer.next_move.generated aiplayer.repr board.is_full board.repr.document player.next_move.column player.next_move.prompts process_move.messages',
    'andeliuliu+Connect4': '92/96 lost: board.repr.generated process_move.messages reading.ps9pr0.present',
    'chrisrelyea+connect-four-python': '94/96 lost: aiplayer.next_move.counts-moves reading.ps9pr0.present',
    // Checks the opponent's four before its own: wrong only where both players already have four, which only
    // aiplayer.scores_for.already-won holds (the look-ahead cases leave boards already won out).
    'evelyngbaranski+Connect-four-game':
      '86/96 lost: aiplayer.scores_for.already-won board.can_add_to board.repr.generated player.next_move.column reading.ps9pr0.present',
    'fionayw15+Connect-Four':
      '69/96 lost: aiplayer.next_move.document aiplayer.next_move.generated aiplayer.scores_for.document aiplayer.scores_for.lookahead-0-1 aiplayer.scores_for.lookahead-2-3 aiplayer.scores_for.lookahead-4 board.can_add_to board.remove_checker player.next_move.column random_player.next_move.counts-moves reading.ps9pr0.present',
    'gkang2018+Connect-Four-': '88/96 lost: board.is_win_for.vertical player.next_move.column process_move.messages',
    'jenjenli+Connect-Four':
      '88/96 lost: board.is_win_for.up-diagonal player.next_move.prompts process_move.messages random_player.next_move.counts-moves reading.ps9pr0.present',
    'jrthee+connect-four-python': '92/96 lost: board.reset import.ps9pr4 reading.ps9pr0.present',
    'keshavm02+CS111-Connect-Four-Game': '95/96 lost: reading.ps9pr0.present',
    'kryvtsunt+4-in-a-Row': '92/96 lost: board.repr.generated player.next_move.prompts reading.ps9pr0.present',
    'lovepear1+Connect-Four':
      '56/96 lost: aiplayer.max_score_column.left-right aiplayer.max_score_column.random aiplayer.next_move.counts-moves aiplayer.next_move.document aiplayer.next_move.generated aiplayer.repr aiplayer.scores_for.already-won aiplayer.scores_for.document aiplayer.scores_for.int-scores aiplayer.scores_for.lookahead-0-1 aiplayer.scores_for.lookahead-2-3 aiplayer.scores_for.lookahead-4 aiplayer.scores_for.restores-board board.is_win_for.up-diagonal connect_four.ai-games import.ps9pr4 random_player.inherits random_player.next_move.counts-moves random_player.next_move.document random_player.next_move.uniform reading.ps9pr0.present',
    'miguelocque+Connect-Four-With-AI':
      '89/96 lost: board.is_win_for.up-diagonal player.next_move.prompts process_move.messages reading.ps9pr0.present',
    'mspatel927+connect-four': '95/96 lost: reading.ps9pr0.present',
    'nddq+Connect-Four': '90/96 lost: import.ps9pr4 player.next_move.prompts process_move.messages reading.ps9pr0.present',
    'sallylungs+CS111_connect4':
      '4/96 lost: aiplayer.max_score_column.left-right aiplayer.max_score_column.random aiplayer.next_move.counts-moves aiplayer.next_move.document aiplayer.next_move.generated aiplayer.repr aiplayer.scores_for.already-won aiplayer.scores_for.document aiplayer.scores_for.int-scores aiplayer.scores_for.lookahead-0-1 aiplayer.scores_for.lookahead-2-3 aiplayer.scores_for.lookahead-4 aiplayer.scores_for.restores-board board.add_checker board.can_add_to board.init.attributes board.is_full board.is_win_for.document board.is_win_for.down-diagonal board.is_win_for.horizontal board.is_win_for.random board.is_win_for.up-diagonal board.is_win_for.vertical board.remove_checker board.repr.document board.repr.generated board.reset board.reset.independent-rows connect_four.ai-games connect_four.human-games connect_four.human-transcript import.ps9pr1 player.init player.next_move.column player.next_move.counts-moves player.next_move.prompts player.opponent_checker player.repr process_move.messages process_move.result process_move.terminal random_player.inherits random_player.next_move.counts-moves random_player.next_move.document random_player.next_move.uniform reading.ps9pr0.present',
    'skarim9+CS111-Connect-Four': '95/96 lost: reading.ps9pr0.present',
    'zuizzms+Connect-Four': '92/96 lost: process_move.messages random_player.next_move.counts-moves reading.ps9pr0.present',
  },
  'hmc-cs5-hw11': {
    'Austin-Long+CS5':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'Nakifaru+cs5':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'TheRealAniG+CS5':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'alanaanderson+connectfour':
      '1/40 lost: board.playGame.document board.playGame.generated import.hw11pr2 player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    // CS5 Black's Board.py, Player.py and Game.py, found by what they define: its own names (oppChar, a playGame
    // function in Game.py, a repr reading an attribute it never sets) are real deviations from the document.
    'jacobdonenfeld+CS5Black':
      '20/40 lost: board.playGame.document board.playGame.generated files.named player.nextMove.human player.oppCh player.repr player.scoresFor.document player.tiebreakMove.left-right',
    'jp-walker+connectFourSimulator':
      '1/40 lost: board.playGame.document board.playGame.generated import.hw11pr2 player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'mackenzierutherford+pythonintro':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'mylesfabre+stop-eating-animals':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'pascoHabineza+ConnectFour-Game': '38/40 lost: player.nextMove.human',
    'unattributed-1281761170': '37/40 lost: player.nextMove.human player.scoresFor.float-scores',
    'unattributed-25284866420':
      '1/40 lost: board.playGame.document board.playGame.generated import.hw11pr2 player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'unattributed-30473136436':
      '1/40 lost: board.playGame.document board.playGame.generated import.hw11pr2 player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'unattributed-32241739397':
      '1/40 lost: board.playGame.document board.playGame.generated import.hw11pr2 player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'unattributed-49338256433':
      '10/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5',
    'waverlywang7+Connect-4':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
    'yismaeel21+Basic-Python':
      '2/40 lost: board.playGame.document board.playGame.generated player.nextMove.document player.nextMove.generated player.nextMove.human player.oppCh player.repr player.scoreBoard.document player.scoreBoard.generated player.scoresFor.already-won player.scoresFor.document player.scoresFor.float-scores player.scoresFor.ply-0-1 player.scoresFor.ply-2-3 player.scoresFor.ply-4-5 player.tiebreakMove.left-right player.tiebreakMove.random player.tiebreakMove.random-spread',
  },
  'cs61a-hw04': {
    // make_move, print_board, check_win_row and check_win_column are still the template's stubs: their one-rule tests give nothing (template-stub).
    'Gnomeek+CS61Asp18':
      '15/40 lost: barrier.check_win_column barrier.check_win_row barrier.make_move barrier.print_board check_win.document check_win.generated check_win_column.document check_win_column.generated check_win_row.document check_win_row.generated make_move.document make_move.generated make_move.leaves-board print_board.pieces print_board.spacing put_piece.generated put_piece.leaves-board',
    'HuskyRye+CS61A-SP18': '40/40',
    'Kingsley008+cs61a_18sp':
      '34/40 lost: barrier.check_win_column barrier.check_win_row barrier.put_piece make_move.generated put_piece.document',
    'ShiminTu+CS-61A-Fall-2018':
      '32/40 lost: barrier.make_move barrier.put_piece make_move.generated make_move.leaves-board put_piece.leaves-board replace_elem.new-list',
    'StoicLD+cs61a-2018fall':
      '28/40 lost: barrier.print_board barrier.put_piece check_win_column.generated check_win_row.generated make_move.generated print_board.pieces put_piece.leaves-board',
    'WenjieGu1+CS61a-2018-spring': '37/40 lost: barrier.check_win_column barrier.check_win_row barrier.print_board',
    'YuanEric88+cs61a_spring2018': '39/40 lost: put_piece.leaves-board',
    // check_win_column is still the template's stub: its barrier test gives nothing (template-stub).
    'guowenhou+CS61A2018Fall':
      '27/40 lost: barrier.check_win_column barrier.put_piece check_win.document check_win.generated check_win_column.document check_win_column.generated put_piece.document put_piece.generated replace_elem.new-list',
    // Every function from get_piece on is still the template's stub: their one-rule tests give nothing (template-stub).
    'lensherrggg+cs61a2018s':
      '9/40 lost: barrier.check_win_column barrier.check_win_row barrier.make_move barrier.print_board barrier.put_piece check_win.document check_win.generated check_win_column.document check_win_column.generated check_win_row.document check_win_row.generated get_piece.document get_piece.generated make_move.document make_move.generated make_move.leaves-board print_board.pieces print_board.spacing put_piece.document put_piece.generated put_piece.leaves-board replace_elem.document replace_elem.generated',
    'siqiaof+CS61A-Spring-2018': '39/40 lost: put_piece.leaves-board',
    'taoliq+cs61a-fa18': '40/40',
    'unattributed-12073884020': '34/40 lost: check_win_column.generated check_win_row.generated put_piece.document put_piece.leaves-board',
    'unattributed-26151682707': '38/40 lost: make_move.generated',
    'unattributed-28907354322':
      '28/40 lost: barrier.check_win_column barrier.check_win_row barrier.print_board barrier.put_piece check_win_column.document check_win_column.generated check_win_row.document check_win_row.generated make_move.generated',
    'unattributed-4571803802': '33/40 lost: check_win_column.generated check_win_row.generated make_move.generated print_board.spacing',
    'unattributed-69817138326': '40/40',
    'wjtboundless+CS61A-sp2018': '40/40',
  },
  'manchester-connect4': {
    'YechengChu+MATH20621_2019_cw':
      '60/75 lost: loadGame.generated loadGame.malformed play.end-of-input play.save suggestMove1.generated suggestMove2.vs-minimax4',
    // 49, not 48: the same tests lost; suggestMove2.vs-suggestMove1, which it loses, gave 1 of its 4 points to the
    // new suggestMove2.nearly-full, which its suggestMove2 (a 3-in-a-row heuristic) passes.
    'dickonfell+connect-four':
      '49/75 lost: loadGame.document loadGame.malformed loadGame.missing play.draw play.end-of-input play.fuzz play.invalid-columns play.load-errors play.save saveGame.document saveGame.generated suggestMove2.vs-minimax2 suggestMove2.vs-minimax4 suggestMove2.vs-suggestMove1',
    // play() does not catch the FileNotFoundError of a missing load file: play.load-errors charges it (play.load met it only in its replay,
    // with the document's loadGame, so it was charged by no test before).
    'unattributed-17239214912':
      '44/75 lost: loadGame.document loadGame.generated loadGame.malformed module.docstrings play.end-of-input play.load play.load-errors play.names play.save printBoard.document printBoard.generated saveGame.document saveGame.generated saveGame.round-trip suggestMove2.vs-minimax2 suggestMove2.vs-minimax4',
    'unattributed-26007037690':
      '53/75 lost: loadGame.malformed module.docstrings play.end-of-input play.fuzz play.names printBoard.document printBoard.generated suggestMove2.vs-minimax2 suggestMove2.vs-minimax4',
    // 36942493481 and 39617248104 define no suggestMove2: they lose every test of it, the new nearly-full one too.
    'unattributed-36942493481':
      '41/75 lost: loadGame.malformed module.docstrings play.draw play.end-of-input play.fuzz play.invalid-columns play.load play.save saveGame.document suggestMove1.generated suggestMove2.nearly-full suggestMove2.vs-minimax2 suggestMove2.vs-minimax4 suggestMove2.vs-random suggestMove2.vs-suggestMove1',
    'unattributed-39617248104':
      '2/75 lost: getValidMoves.document getValidMoves.generated hasWon.document hasWon.generated loadGame.document loadGame.generated loadGame.malformed loadGame.missing makeMove.document makeMove.generated module.docstrings newGame.document newGame.generated play.computer play.draw play.end-of-input play.fuzz play.invalid-columns play.load play.load-errors play.names play.save play.two-humans printBoard.document printBoard.generated saveGame.document saveGame.generated saveGame.round-trip suggestMove1.document suggestMove1.generated suggestMove2.nearly-full suggestMove2.vs-minimax2 suggestMove2.vs-minimax4 suggestMove2.vs-random suggestMove2.vs-suggestMove1',
    'unattributed-44565225576':
      '63/75 lost: loadGame.document loadGame.malformed play.end-of-input play.names saveGame.document suggestMove2.vs-minimax2 suggestMove2.vs-minimax4',
  },
  conniption: {
    'mckenn0n+Conniption_AI':
      '27/40 lost: Conniption.betterEval.document Conniption.betterEval.generated Conniption.defaults Conniption.isWin.document Conniption.isWin.generated repl.setup',
    'ninaaj+conniption':
      '1/40 lost: Conniption.betterEval.document Conniption.betterEval.generated Conniption.defaults Conniption.genChildStates.flips-left Conniption.genChildStates.generated Conniption.genChildStates.start Conniption.isWin.document Conniption.isWin.generated alpha_beta_search.deep alpha_beta_search.shallow repl.bad-commands repl.help-display repl.illegal-moves repl.moves repl.setup repl.undo',
  },
};

/**
 * The mistakes named on real work, each read against the submission's code: YechengChu's suggestMove1 tries each
 * column for its own win and then for a block inside one loop (lines 181-193), so a block in an earlier column comes
 * before a win. No other real submission gets a name.
 */
export const NAMED_MISTAKES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'manchester-connect4': { 'YechengChu+MATH20621_2019_cw': 'win-or-block-in-one-pass' },
};

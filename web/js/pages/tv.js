// The featured game (TV) on the home page, as a view (ui/vdom.js) of the
// home page's state (lobby_ctrl.js): the server names the most interesting
// live game (`tv` in schema/protocol.md) with its position and sends
// `tv.update` after its moves. Drawn as a passive mini board from those
// alone: the page does not join the room, so being featured does not count
// as being watched. Nothing to feature: the card hides rather than stand empty.
import {tc_text} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {player_text, passive_board_hook} from './lobby_live.js';
import {t} from '../i18n/i18n.js';

// `tv`: the featured game's summary (with its shape, board, last move, plies), or null.
export function tv_view(tv) {
    const room = tv ? tv.room : null;
    return v('section', {class: 'card tv', 'data-test': 'tv', hidden: !room, 'data-room': room || '',
        'data-ply': room && tv.shape && tv.board ? tv.plies || 0 : null},
    v('h2', {}, t('tv.featured')),
    v('div', {class: 'tv-body'}, room ? [
        v('p', {key: `players-${room}`, class: 'tv-players'}, (tv.players || []).map(player_text).join(` ${t('tv.vs')} `)),
        v('p', {key: `what-${room}`, class: 'muted small'}, `${game_names[tv.game] || tv.game} · ${tc_text(tv.tc)} · ${tv.rated ? t('game.rated') : t('game.casual')}`),
        // Keyed by room: another game is another board.
        v('div', {key: `board-${room}`, class: 'tv-board',
            hook: tv.shape && tv.board ? passive_board_hook(tv, tv.shape, t('tv.board_label', {game: game_names[tv.game] || tv.game})) : undefined}),
        v('a', {key: `watch-${room}`, href: `#/game/${room}`, 'data-test': 'tv-watch'}, t('tv.watch'))] : []));
}

// The home page as one view (snabbdom, ui/vdom.js) of its controller
// (lobby_ctrl.js): what the site is, the lessons (first on a first visit),
// your correspondence games waiting for your move (net/turn_list.js),
// the computer, quick pairing, the featured game, the create-a-game form,
// the open seeks, the counts with your games and invites, and the games in
// play. Reads the state and calls the controller's intents; changes nothing.
import {v} from '../ui/vdom.js';
import {game_ids, game_names} from '../catalogue.js';
import {computer_view} from './computer_form.js';
import {learn_card_view} from './learn.js';
import {tv_view} from './tv.js';
import {live_view} from './lobby_live.js';
import {field, select} from './lobby_fields.js';
import {quick_view, seek_form_view, seeks_view, yours_view} from './lobby_views.js';
import {turns_waiting} from '../net/turn_list.js';
import {turn_panel_view} from './your_turn_view.js';
import {t, locale} from '../i18n/i18n.js';

// One sentence on what the site is, naming the games from the catalogue.
function intro() {
    const list = new Intl.ListFormat(locale(), {type: 'conjunction'}).format(game_ids.map((g) => game_names[g]));
    return v('section', {class: 'card intro', 'data-test': 'intro'},
        v('p', {class: 'lead'}, t('lobby.intro', {games: list})));
}

function counts_text(n) {
    return `${t('lobby.players_online', {count: n.players})} · ${t('lobby.games_in_play', {count: n.games})}`;
}

export function lobby_view(c, me) {
    const s = c.s;
    const quick_on = {join: (tc) => c.join_quick(tc), leave: () => c.leave_quick()};
    const invite_on = {copy: (code, url) => c.copy_invite(code, url), cancel: (code) => c.cancel_invite(code)};
    const request = (type, id) => (type === 'seek.accept' ? c.accept_seek(id) : c.cancel_seek(id));
    // Each card keyed: the lessons' card moves, and nothing else is reused for it.
    return v('div', {class: 'lobby-page'},
        v('h1', {class: 'sr-only'}, t('nav.play')),
        v('div', {class: 'lobby'}, [
            ['intro', intro()],
            ['learn-first', s.first_visit ? learn_card_view(s.summaries, true) : null],
            ['your-turn', turn_panel_view(turns_waiting, turns_waiting.server_now())],
            ['computer', computer_view(s.computer, c)],
            ['quick', v('section', {class: 'card'}, v('h2', {}, t('lobby.quick_pairing')),
                field(t('form.game'), select('quick-game', game_ids.map((g) => [g, game_names[g]]), s.quick_game, (g) => c.set_quick_game(g))),
                quick_view(s.quick_game, s.counts, s.queued, quick_on))],
            ['tv', v('div', {class: 'tv-host'}, tv_view(s.tv))],
            ['create', v('section', {class: 'card'}, v('h2', {}, t('lobby.create_game')), seek_form_view(s.seek, c))],
            ['seeks', v('section', {class: 'card'}, v('h2', {}, t('lobby.open_seeks')), seeks_view(s.seeks, me, request))],
            ['yours', v('section', {class: 'card side'}, v('p', {class: 'counts', 'data-test': 'counts'}, counts_text(s.counts)),
                yours_view(s.your_rooms, s.live.rooms, s.invites, s.copied, me, invite_on))],
            ['live', v('section', {class: 'card live-card'}, v('h2', {}, t('lobby.games_in_play_title')), live_view(s.live))],
            ['learn-last', s.first_visit ? null : learn_card_view(s.summaries, false)],
        ].map(([key, node]) => node && Object.assign(node, {key}))));
}

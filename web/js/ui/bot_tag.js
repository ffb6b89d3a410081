// The "BOT" tag next to the name of an account played by a program (issue 26;
// the server marks such players `bot: true`). One helper, so every page shows
// bots the same way: a person always knows when the opponent is a program.
import {v} from './vdom.js';
import {t} from '../i18n/i18n.js';

// A small tag for a view, or null for a person.
export function bot_tag(p) {
    return p && p.bot ? v('span', {class: 'bot-tag', title: t('bot.title'), 'data-test': 'bot-tag'}, t('bot.tag')) : null;
}

// The name for plain text ("BOT deepmill"), where no element fits.
export function bot_name(p) {
    return p && p.bot ? `${t('bot.tag')} ${p.name}` : player_name(p);
}

// A player's name for people: the site's computer opponent is named in the
// page's language from its level (the server calls it "Computer · level N").
export function player_name(p) {
    return p && p.computer ? t('computer.name', {level: p.computer}) : p.name;
}

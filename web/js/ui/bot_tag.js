// The "BOT" tag next to the name of an account played by a program (issue 26;
// the server marks such players `bot: true`). One helper, so every page shows
// bots the same way: a person always knows when the opponent is a program.
import {v} from './vdom.js';

const title = 'A program plays this account';

// A small tag for a view, or null for a person.
export function bot_tag(p) {
    return p && p.bot ? v('span', {class: 'bot-tag', title, 'data-test': 'bot-tag'}, 'BOT') : null;
}

// The name for plain text ("BOT deepmill"), where no element fits.
export function bot_name(p) {
    return p && p.bot ? `BOT ${p.name}` : p.name;
}

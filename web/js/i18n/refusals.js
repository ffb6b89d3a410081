// Why a cell cannot start a move, in the page's language. The server sends
// the rules core's English sentence (board.refusals, schema/protocol.md) and
// no code yet, so the few sentences the rules cores write are recognised here
// and worded from the catalogue, with their cells and sides as values; one not
// recognised (a new rule) is shown as sent.
import {t, locale} from './i18n.js';
import {side_name} from '../catalogue.js';
import {capitalise} from '../ui/dom.js';

const side = (name) => capitalise(side_name(name.toLowerCase()));
const cells = (list) => new Intl.ListFormat(locale(), {type: 'disjunction'}).format(list.split(/, | or /));

// [the rules core's sentence, the catalogue key, its values from the match]
const known = [
    [/^A capture is compulsory: (.+) must jump$/, 'refusal.capture_compulsory', (m) => ({cells: cells(m[1])})],
    [/^That pit is empty$/, 'refusal.pit_empty', () => ({})],
    [/^This extra turn must leave a seed on (\w+)'s row$/, 'refusal.extra_turn_leave_seed', (m) => ({side: side(m[1])})],
    [/^(\w+)'s row is empty: you must sow a pit that reaches it$/, 'refusal.must_feed', (m) => ({side: side(m[1])})],
    [/^That would capture all of (\w+)'s seeds \(a grand slam\), which is not allowed$/, 'refusal.grand_slam', (m) => ({side: side(m[1])})],
    [/^A single seed waits while one of your pits holds more$/, 'refusal.single_seed', () => ({})],
];

export function refusal_text(sentence) {
    for (const [re, key, values] of known) {
        const m = re.exec(sentence);
        if (m) return t(key, values(m));
    }
    return sentence;
}

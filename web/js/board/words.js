// A piece in words for a screen reader, "black man" / "pion, camp noir":
// its kind and its side from the catalogue, in an order every language can
// say without agreeing an adjective with the noun.
import {t} from '../i18n/i18n.js';
import {side_name} from '../catalogue.js';

export function piece_words(side, kind) {
    const key = `piece.${kind}`, word = t(key);
    return t('board.piece', {side: side_name(side), kind: word === key ? kind : word});
}
